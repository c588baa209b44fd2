#!/usr/bin/env python3
"""Rewrites a .cu file's kernel launches for the host emulation (cuda_runtime.h here):
`kernel<<<grid, block, shared, stream>>>(args);` becomes
`emu::launch(dim3(grid), dim3(block), [&] { kernel(args); });`. Nothing else changes.
Usage: host_launches.py IN.cu OUT.cpp"""
import re
import sys

LAUNCH = re.compile(r'([\w:]+(?:<\w+>)?)\s*<<<(.*?)>>>\s*\((.*?)\);', re.S)


def rewrite(match):
    shape = [part.strip() for part in re.split(r',(?![^()]*\))', match.group(2))]
    return 'emu::launch(dim3(%s), dim3(%s), [&] { %s(%s); });' % (shape[0], shape[1], match.group(1), match.group(3))


def main():
    source = open(sys.argv[1]).read()
    converted, count = LAUNCH.subn(rewrite, source)
    if '<<<' in converted:
        sys.exit('%s: a launch host_launches.py cannot read is left' % sys.argv[1])
    with open(sys.argv[2], 'w') as out:
        out.write(converted)
    print('%s: %d launches' % (sys.argv[1], count))


if __name__ == '__main__':
    main()
