#include "train.h"

#include <cstdio>
#include <new>

#include "progress_line.h"
#include "rlab/text.h"

int train(const rlab::RunConfig& config, const std::string& label, rlab::RunResult* result)
{
    try {
        ProgressLine progress(label);
        *result = rlab::run(config, progress.callback());
        return 0;
    } catch (const rlab::RunError& error) {
        return complain(error.what(), 1);
    } catch (const std::bad_alloc&) {
        return complain("The run ran out of host memory; try a smaller --batch, --seq or --layers.", 1);
    } catch (const std::exception& error) {
        return complain(std::string("The run failed: ") + error.what(), 1);
    }
}

std::vector<std::string> argumentsAfter(int argc, char** argv)
{
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i)
        args.emplace_back(argv[i]);
    return args;
}

bool asksForHelp(const std::vector<std::string>& args)
{
    for (const std::string& arg : args)
        if (arg == "--help" || arg == "-h")
            return true;
    return false;
}

int complain(std::string_view sentence, int status)
{
    // Sentences echo arguments and content: an ESC or a 120 KB argument reached the terminal whole.
    const std::string shown = rlab::text::forTerminal(sentence);
    std::fprintf(stderr, "rlab: %s\n", shown.c_str());
    return status;
}
