// rlab devices: what the engine can run on, and why CUDA is not usable when it is not.
#include <cstdio>

#include "commands.h"
#include "rlab/text.h"
#include "train.h"

int devicesCommand(int argc, char** argv)
{
    const std::vector<std::string> args = argumentsAfter(argc, argv);
    if (asksForHelp(args)) {
        std::puts("usage: rlab devices\nLists cpu and cuda devices, or why cuda is unavailable.");
        return 0;
    }
    if (!args.empty())
        return complain("rlab devices takes no arguments, got '" + args.front() + "'.", 2);
    for (const rlab::DeviceInfo& info : rlab::listDevices()) {
        const std::string device(rlab::deviceName(info.device));
        if (info.usable) {
            std::printf("%-5s %s", device.c_str(), info.name.c_str());
            if (info.totalBytes > 0)
                std::printf(", %s", rlab::text::mebibytes(info.totalBytes, 2).c_str());
            std::printf("\n");
        } else {
            std::printf("%-5s unavailable: %s\n", device.c_str(), info.reason.c_str());
        }
    }
    return 0;
}
