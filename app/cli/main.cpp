// rlab: the headless face of the engine and the content code (DESIGN.md "Command line").
#include <cstdio>
#include <cstring>

int main(int argc, char** argv)
{
    if (argc < 2 || std::strcmp(argv[1], "--help") == 0) {
        std::puts("usage: rlab run|sweep|devices|check-content ...");
        return argc < 2 ? 2 : 0;
    }
    std::fprintf(stderr, "rlab: unknown command '%s'.\n", argv[1]);
    return 2;
}
