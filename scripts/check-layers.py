#!/usr/bin/env python3
"""Checks that the folders of Sources/Ristretto form layers: a file may use the types and
top-level functions of its own folder and of folders in lower layers, never of a higher one.

The layers (Docs/Architecture.md):
    0 Values, Concurrency, Storage   1 Guidance, Tokens   2 Schema   3 Prompting, Tools   4 Model   5 Session   6 Routing

It reads the sources as text: a name defined at the top level of a file (type, protocol,
typealias, function) belongs to that file's folder; every use of it in another folder is an
edge. Nested types are ignored (they are reached through their parent). Exit 1 on an upward
edge, listing each with the file and the name.
"""
import os
import re
import sys

LAYERS = {"Values": 0, "Concurrency": 0, "Storage": 0, "Guidance": 1, "Tokens": 1, "Schema": 2, "Prompting": 3, "Tools": 3, "Model": 4,
          "Session": 5, "Routing": 6}
ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Sources", "Ristretto")
DEFINITION = re.compile(
    r"^(?:public |internal |private |fileprivate |final |indirect )*"
    r"(?:struct|enum|class|protocol|actor|typealias|func)\s+([A-Za-z_]\w*)", re.M)


def main() -> int:
    files = {}
    defined = {}
    for directory, _, names in os.walk(ROOT):
        folder = os.path.relpath(directory, ROOT).split(os.sep)[0]
        for name in names:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            source = open(path, encoding="utf-8").read()
            files[path] = (folder, source)
            for match in DEFINITION.finditer(source):
                defined.setdefault(match.group(1), folder)
    unknown = sorted({folder for folder, _ in files.values()} - set(LAYERS))
    if unknown:
        print(f"check-layers: folders without a layer: {', '.join(unknown)}")
        return 1
    # A few names are also nested types or methods elsewhere; skip their uses when the folder
    # defines a member of that name itself.
    problems = []
    for path, (folder, source) in sorted(files.items()):
        code = re.sub(r"//.*", "", source)
        code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
        nested = set(re.findall(r"^\s+(?:public |internal |private |fileprivate |static |final |indirect )*"
                                r"(?:struct|enum|class|typealias|func|var|let)\s+([A-Za-z_]\w*)", code, re.M))
        for name, owner in defined.items():
            if owner == folder or LAYERS[owner] <= LAYERS[folder] or name in nested:
                continue
            if re.search(r"(?<![.\w])" + re.escape(name) + r"\b", code):
                problems.append(f"{os.path.relpath(path, ROOT)} (layer {LAYERS[folder]}) uses {name} "
                                f"from {owner} (layer {LAYERS[owner]})")
    for problem in problems:
        print("upward dependency:", problem)
    print(f"check-layers: {len(files)} files, {len(problems)} upward dependencies")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
