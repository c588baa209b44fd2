#!/usr/bin/env python3
"""docs/architecture.md's module table against the build.

Every folder the table names exists, every target it names is one the CMake files define, no module
folder or target is missing from it, and each row's "links" column names exactly the project targets
its targets link (target_link_libraries, or the libraries after a rlab_app_model() target's name):
a link added in CMake and not in the table, or the other way round, fails. A module folder holds a
CMakeLists.txt, or sources of its own outside a module's include/ and src/.

usage: check_module_table.py SOURCE_DIR
"""
import os
import re
import sys

TOPS = ('engine', 'kernels', 'app', 'packaging')
DEFINERS = r'add_library|add_executable|qt_add_executable|add_custom_target|rlab_app_model'


def read_table(doc):
    rows = []
    in_table = False
    for line in open(doc, encoding='utf-8'):
        line = line.rstrip('\n')
        if line.startswith('#'):  # the table is the first under "## Modules", before any subsection
            in_table = line == '## Modules'
            continue
        if not in_table or not line.startswith('|') or re.match(r'^\| *-', line) or line.startswith('| folder '):
            continue
        cells = [c.strip() for c in line.strip('|').split('|')]
        if len(cells) < 4:
            continue
        folders = [f.rstrip('/') for f in re.findall(r'`([^`]+)`', cells[0])]
        # "(in `recompute_lab_gui`)": a folder whose sources another row's target builds
        targets = [] if cells[1].startswith('(in ') else re.findall(r'`([^`]+)`', cells[1])
        links = set(re.findall(r'`([^`]+)`', cells[3]))
        rows.append((folders, targets, links, line))
    return rows


def cmake_files(source):
    files = [os.path.join(source, 'CMakeLists.txt')]
    for top in TOPS:
        for root, _, names in os.walk(os.path.join(source, top)):
            files += [os.path.join(root, n) for n in names if n == 'CMakeLists.txt' or n.endswith('.cmake')]
    return files


def cmake_targets_and_links(source):
    """The targets the CMake files define and the project targets each links."""
    text = ''
    for f in cmake_files(source):
        body = open(f, encoding='utf-8').read()
        text += '\n' + re.sub(r'#[^\n]*', '', body)
    targets = []
    for m in re.finditer(r'^[ \t]*(' + DEFINERS + r')\(([^ )\n]+)([^)]*)\)', text, re.M):
        kind, name, rest = m.group(1), m.group(2), m.group(3)
        if '${' in name or 'IMPORTED' in rest:
            continue
        if kind == 'rlab_app_model' and name == 'target':
            continue
        targets.append(name)
    links = {t: set() for t in targets}
    for m in re.finditer(r'rlab_app_model\(([^ )\n]+)([^)]*)\)', text):
        if m.group(1) in links:
            links[m.group(1)].update(m.group(2).split())
    for m in re.finditer(r'target_link_libraries\(\s*([^ )\n]+)([^)]*)\)', text):
        if m.group(1) in links:
            links[m.group(1)].update(w for w in m.group(2).split() if w not in ('PUBLIC', 'PRIVATE', 'INTERFACE'))
    known = set(targets) - {'rlab_warnings'}  # every target links the warnings: the table leaves it unsaid
    return targets, {t: {w for w in ws if w in known} for t, ws in links.items()}


def module_folders(source):
    folders = set()
    for top in TOPS:
        for root, _, names in os.walk(os.path.join(source, top)):
            rel = os.path.relpath(root, source)
            if re.search(r'(^|/)(src|include)(/|$)', rel):
                continue
            if 'CMakeLists.txt' in names or any(re.search(r'\.(cpp|h|cu|cuh)$', n) for n in names):
                folders.add(rel)
    return folders


def main():
    source = sys.argv[1]
    rows = read_table(os.path.join(source, 'docs', 'architecture.md'))
    if not rows:
        sys.exit('docs/architecture.md: no module table found under "## Modules"')
    targets, links = cmake_targets_and_links(source)
    table_folders = {f for folders, _, _, _ in rows for f in folders}
    table_targets = {t for _, ts, _, _ in rows for t in ts}
    problems = []
    problems += ['the table names the folder %s/, which does not exist' % f
                 for f in sorted(table_folders) if not os.path.isdir(os.path.join(source, f))]
    problems += ['the table names the target %s, which no CMakeLists.txt defines' % t
                 for t in sorted(table_targets) if t not in links]
    problems += ['the module folder %s/ is missing from the table' % f
                 for f in sorted(module_folders(source)) if f not in table_folders]
    problems += ['the target %s is missing from the table' % t for t in targets if t not in table_targets]
    for folders, row_targets, named, _ in rows:
        linked = set()
        for t in row_targets:
            linked |= links.get(t, set())
        linked -= set(row_targets)  # a row's targets may link each other
        named_targets = {n for n in named if n in links} - set(row_targets)
        for missing in sorted(linked - named_targets):
            problems.append('the row of %s links %s in CMake but its "links" column does not say so'
                            % ('/'.join(row_targets) or folders[0], missing))
        for extra in sorted(named_targets - linked):
            problems.append('the row of %s says it links %s, which its CMake does not'
                            % ('/'.join(row_targets) or folders[0], extra))
    if problems:
        sys.exit('docs/architecture.md, "## Modules":\n  ' + '\n  '.join(problems))
    print('docs/architecture.md: the module table\'s %d folders, %d targets and their links match the build'
          % (len(table_folders), len(table_targets)))


if __name__ == '__main__':
    main()
