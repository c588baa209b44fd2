#!/usr/bin/env python3
"""Runs a command that prints `rlab run --json` output (one object, or the array of
`rlab sweep --json`) and checks every object against docs/rlab-run.schema.json.

usage: check_json_contract.py SCHEMA -- COMMAND [ARGS...]

The schema keywords the contract uses (type, enum, required, properties,
additionalProperties, items, minItems, maxItems, minimum) are checked here by hand, so no
package is needed; where the jsonschema package is installed it checks as well.
Prints one line per problem and exits 1 on any, 0 when every object conforms.
"""
import json
import subprocess
import sys

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "null": lambda v: v is None,
}


def problems(value, schema, where):
    types = schema.get("type")
    if types is not None:
        types = types if isinstance(types, list) else [types]
        if not any(TYPES[t](value) for t in types):
            yield f"{where}: {json.dumps(value)[:40]} is not {' or '.join(types)}"
            return
    if "enum" in schema and value not in schema["enum"]:
        yield f"{where}: {value!r} is not one of {schema['enum']}"
    if "minimum" in schema and TYPES["number"](value) and value < schema["minimum"]:
        yield f"{where}: {value} is below {schema['minimum']}"
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                yield f"{where}: missing key '{key}'"
        known = schema.get("properties", {})
        for key, item in value.items():
            if key in known:
                yield from problems(item, known[key], f"{where}.{key}")
            elif isinstance(schema.get("additionalProperties"), dict):
                yield from problems(item, schema["additionalProperties"], f"{where}.{key}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            yield f"{where}: {len(value)} items, fewer than {schema['minItems']}"
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            yield f"{where}: {len(value)} items, more than {schema['maxItems']}"
        if "items" in schema:
            for i, item in enumerate(value):
                yield from problems(item, schema["items"], f"{where}[{i}]")


def main(argv):
    if len(argv) < 4 or argv[2] != "--":
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    run = subprocess.run(argv[3:], capture_output=True, text=True, check=False)
    if run.returncode != 0:
        print(f"the command exited {run.returncode}: {run.stderr.strip()}")
        return 1
    printed = json.loads(run.stdout)
    objects = printed if isinstance(printed, list) else [printed]
    found = [p for i, o in enumerate(objects) for p in problems(o, schema, f"object {i}")]
    try:
        import jsonschema  # optional: a second, complete opinion
        for o in objects:
            for error in jsonschema.Draft202012Validator(schema).iter_errors(o):
                found.append(f"jsonschema: {error.message}")
    except ImportError:
        pass
    for line in found:
        print(line)
    print(f"{len(objects)} object(s) checked against {argv[1]}: "
          + ("conform" if not found else f"{len(found)} problem(s)"))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
