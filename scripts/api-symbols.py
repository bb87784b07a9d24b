#!/usr/bin/env python3
"""The public API of Swift modules, read from their symbol graphs, as a sorted text listing,
and the comparison of two listings.

  api-symbols.py dump GRAPH_DIR...        print the listing of the symbol graphs in the dirs
  api-symbols.py compare OLD NEW ALLOW    print each break of NEW against OLD not in ALLOW;
                                          exit 1 if there is one

A listing has one line per public symbol (its USR, module, kind, path, declaration, and the
declaration with each type named by its identity, through type aliases), one per
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
            aliases = typealias_targets(graph["symbols"])
            for symbol in graph["symbols"]:
                usr = symbol["identifier"]["precise"]
                if "::SYNTHESIZED::" in usr:
                    continue
                fragments = symbol.get("declarationFragments", [])
                declaration = " ".join("".join(f["spelling"] for f in fragments).split())
                signature = " ".join(signature_of(fragments, aliases).split())
                name = ".".join(symbol["pathComponents"])
                names[usr] = name
                kind = symbol["kind"]["identifier"].removeprefix("swift.")
                lines.add(f"symbol\t{usr}\t{module}\t{kind}\t{name}\t{declaration}\t{signature}")
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


def typealias_targets(symbols):
    """The type each type alias of a graph stands for, when it stands for one named type."""
    targets = {}
    for symbol in symbols:
        if symbol["kind"]["identifier"] != "swift.typealias":
            continue
        named = [f for f in symbol.get("declarationFragments", []) if f["kind"] == "typeIdentifier"]
        if len(named) == 1 and "preciseIdentifier" in named[0]:
            targets[symbol["identifier"]["precise"]] = named[0]["preciseIdentifier"]
    return targets


def signature_of(fragments, aliases):
    """The declaration with each type named by its identity (an alias by what it stands for,
    a qualified name by its last part alone, which identifies it)."""
    parts, index = [], 0
    while index < len(fragments):
        fragment = fragments[index]
        if fragment["kind"] == "typeIdentifier":
            following = fragments[index + 1:index + 3]
            if len(following) == 2 and following[0]["spelling"] == "." and following[1]["kind"] == "typeIdentifier":
                index += 2
                continue
            identity = fragment.get("preciseIdentifier", fragment["spelling"])
            parts.append(aliases.get(identity, identity))
        else:
            parts.append(fragment["spelling"])
        index += 1
    return "".join(parts)


def without_defaults(declaration):
    """A declaration without its default argument values: each ` = …` up to the next comma or
    closing parenthesis at its own depth."""
    result, index, depth = [], 0, 0
    while index < len(declaration):
        if declaration.startswith(" = ", index) and depth > 0:
            index += 3
            nested = 0
            while index < len(declaration):
                character = declaration[index]
                if character in "([{":
                    nested += 1
                elif character in ")]}":
                    if nested == 0:
                        break
                    nested -= 1
                elif character == "," and nested == 0:
                    break
                index += 1
            continue
        character = declaration[index]
        depth += character == "("
        depth -= character == ")"
        result.append(character)
        index += 1
    return "".join(result)


def comparable(declaration):
    """A declaration without the parts whose addition breaks no caller."""
    return without_defaults(declaration.replace("@discardableResult ", ""))


def breaks(old_lines, new_lines):
    def table(lines, kind):
        return {fields[1]: fields for fields in (line.split("\t") for line in lines) if fields[0] == kind}

    old_symbols, new_symbols = table(old_lines, "symbol"), table(new_lines, "symbol")
    found = []
    for usr, (_, _, module, kind, name, declaration, signature) in old_symbols.items():
        if usr not in new_symbols:
            found.append(f"removed: {module}.{name} ({kind})")
            continue
        current, current_signature = new_symbols[usr][5:7]
        if comparable(current_signature) != comparable(signature) or current.count(" = ") < declaration.count(" = "):
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
