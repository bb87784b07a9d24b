#!/usr/bin/env python3
"""The public API of Swift modules, read from their symbol graphs, as a sorted text listing,
and the comparison of two listings.

  api-symbols.py dump GRAPH_DIR...        print the listing of the symbol graphs in the dirs
  api-symbols.py compare OLD NEW ALLOW    print each break of NEW against OLD not in ALLOW;
                                          exit 1 if there is one

A listing has one line per public symbol (its USR, module, kind, path and declaration), one per
protocol requirement that has no default implementation, and one per conformance. A break is an
old symbol that is gone, a declaration that changed (beyond an added default value or
@discardableResult), a conformance that is gone, or a new requirement without a default on a
protocol that already existed.
"""
import json
import pathlib
import re
import sys


def symbol_lines(graph_dirs):
    lines = set()
    for directory in graph_dirs:
        for path in sorted(pathlib.Path(directory).glob("*.symbols.json")):
            graph = json.loads(path.read_text())
            module = graph["module"]["name"]
            names = {}
            for symbol in graph["symbols"]:
                usr = symbol["identifier"]["precise"]
                if "::SYNTHESIZED::" in usr:
                    continue
                declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
                declaration = " ".join(declaration.split())
                name = ".".join(symbol["pathComponents"])
                names[usr] = name
                kind = symbol["kind"]["identifier"].removeprefix("swift.")
                lines.add(f"symbol\t{usr}\t{module}\t{kind}\t{name}\t{declaration}")
            relationships = graph["relationships"]
            defaulted = {r["target"] for r in relationships if r["kind"] == "defaultImplementationOf"}
            for relation in relationships:
                source, target = relation["source"], relation["target"]
                if "::SYNTHESIZED::" in source:
                    continue
                if relation["kind"] == "requirementOf" and source not in defaulted:
                    lines.add(f"requirement\t{source}\t{target}\t{names.get(source, source)}")
                elif relation["kind"] == "conformsTo":
                    fallback = relation.get("targetFallback", target)
                    lines.add(f"conformance\t{source}\t{target}\t{names.get(source, source)}: {fallback}")
    return sorted(lines)


def comparable(declaration):
    """A declaration without the parts whose addition breaks no caller."""
    declaration = declaration.replace("@discardableResult ", "")
    return re.sub(r" = [^,()]*(\([^()]*\))?", "", declaration)


def breaks(old_lines, new_lines):
    def table(lines, kind):
        return {fields[1]: fields for fields in (line.split("\t") for line in lines) if fields[0] == kind}

    old_symbols, new_symbols = table(old_lines, "symbol"), table(new_lines, "symbol")
    found = []
    for usr, (_, _, module, kind, name, declaration) in old_symbols.items():
        if usr not in new_symbols:
            found.append(f"removed: {module}.{name} ({kind})")
            continue
        current = new_symbols[usr][5]
        if comparable(current) != comparable(declaration) or current.count(" = ") < declaration.count(" = "):
            found.append(f"changed: {module}.{name}: `{declaration}` is now `{current}`")
    old_conformances = {line for line in old_lines if line.startswith("conformance\t")}
    new_conformances = {line for line in new_lines if line.startswith("conformance\t")}
    for line in sorted(old_conformances - new_conformances):
        found.append(f"conformance removed: {line.split(chr(9))[3]}")
    old_requirements = table(old_lines, "requirement")
    for usr, (_, _, protocol, name) in table(new_lines, "requirement").items():
        if usr not in old_requirements and protocol in old_symbols:
            found.append(f"new requirement without a default: {name}")
    return found


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "dump":
        print("\n".join(symbol_lines(arguments[1:])))
        return 0
    if len(arguments) == 4 and arguments[0] == "compare":
        old, new, allow = (pathlib.Path(argument).read_text().splitlines() for argument in arguments[1:])
        allowed = {line.strip() for line in allow if line.strip() and not line.startswith("#")}
        found = [item for item in breaks(old, new) if item not in allowed]
        for item in found:
            print(f"API break: {item}")
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
