#!/usr/bin/env python3
"""The app's rooms (docs/architecture.md, "The app by feature"), read from its #include lines.

- A header of the app's own folders is included by its folder from app/ ("quiz/model/quizsession.h");
  only a source's own header is included bare.
- No model folder (common/, quiz/model/, demo/model/, planner/model/) includes a view folder
  (view/, quiz/view/, demo/view/, demo/charts/, planner/view/, window/): the models know no widget.
- The view folders include each other without a circle, and window/ (the window that holds them)
  is included by no view folder.

usage: check_app_layers.py SOURCE_DIR
"""
import os
import re
import sys

MODELS = ('common', 'quiz/model', 'demo/model', 'planner/model')
VIEWS = ('view', 'quiz/view', 'demo/view', 'demo/charts', 'planner/view', 'window')
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder_of(path):
    """The room a path under app/ lies in, or None."""
    for room in sorted(MODELS + VIEWS, key=len, reverse=True):
        if path == room or path.startswith(room + '/'):
            return room
    return None


def main():
    source = sys.argv[1]
    app = os.path.join(source, 'app')
    problems = []
    edges = {}
    for room in MODELS + VIEWS:
        folder = os.path.join(app, room)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(('.h', '.cpp')):
                continue
            rel = room + '/' + name
            own = os.path.splitext(name)[0] + '.h'
            text = open(os.path.join(folder, name), encoding='utf-8').read()
            for included in INCLUDE.findall(text):
                if included.endswith('.moc') or included.startswith('rlab/'):
                    continue
                if '/' not in included:
                    if included != own:
                        problems.append('app/%s includes "%s" bare; include it by its folder' % (rel, included))
                    continue
                target = folder_of(included.rsplit('/', 1)[0])
                if target is None:
                    if not os.path.exists(os.path.join(app, included)):
                        continue  # a generated or library header (ui_*.h, a Qt header)
                    continue
                if room in MODELS and target in VIEWS:
                    problems.append('app/%s is a model but includes the view header "%s"' % (rel, included))
                if room in VIEWS and target in VIEWS and target != room:
                    edges.setdefault(room, set()).add(target)
                    if target == 'window':
                        problems.append('app/%s includes "%s": no view includes the window' % (rel, included))
    # A circle among the view folders: depth-first search for a back edge.
    state = {}

    def visit(room, path):
        state[room] = 'open'
        for nxt in sorted(edges.get(room, ())):
            if state.get(nxt) == 'open':
                cycle = path[path.index(nxt):] + [nxt]
                problems.append('the view folders include each other in a circle: ' + ' -> '.join(cycle))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[room] = 'done'

    for room in VIEWS:
        if room not in state:
            visit(room, [room])
    if problems:
        sys.exit('app/, its rooms:\n  ' + '\n  '.join(problems))
    arrows = sum(len(v) for v in edges.values())
    print('app/: every header included by its folder, no model includes a view, the view folders\' %d '
          'arrows make no circle' % arrows)


if __name__ == '__main__':
    main()
