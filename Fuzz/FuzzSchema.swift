import Ristretto

/// Builds a ``GenerationSchema`` from fuzz bytes, so the guidance fuzzer explores schemas as well
/// as outputs: every node kind, bounds (fractions and negatives included), patterns, enums with
/// shared prefixes, optional properties, `anyOf`, and references (recursive ones too).
struct FuzzSchema {
  static let patterns = [
    "[a-z]{1,4}", "\\d+", "(ab|a)c?", "[^,]*", ".{0,3}", "x|y|z", "a{2,}", "[A-Z][a-z]*", "(\\w+-)?\\d{2}", "é+",
  ]
  static let words = ["a", "ab", "abc", "b", "", "dark", "darker", "é", "\"q\"", "x\\y", "☕️"]

  var definitionNames: [String] = []

  /// A schema: a root and up to two definitions (the root may refer to them, and they to each other).
  static func make(_ input: inout FuzzInput) -> GenerationSchema {
    var builder = FuzzSchema()
    let definitionCount = input.choice(3)
    builder.definitionNames = (0..<definitionCount).map { "D\($0)" }
    let root = builder.node(&input, depth: 0)
    let definitions = builder.definitionNames.map { GenerationSchema.Definition(name: $0, node: builder.node(&input, depth: 1)) }
    return GenerationSchema(root: root, definitions: definitions)
  }

  func node(_ input: inout FuzzInput, depth: Int) -> GenerationSchema.Node {
    let leafOnly = depth >= 4
    switch input.choice(leafOnly ? 7 : 12) {
    case 0: return .any
    case 1: return .null
    case 2: return .boolean
    case 3: return .integer(minimum: bound(&input), maximum: bound(&input))
    case 4:
      return .number(minimum: bound(&input).map { Double($0) / 4 }, maximum: bound(&input).map { Double($0) / 4 })
    case 5: return .string(pattern: input.flag() ? nil : Self.patterns[input.choice(Self.patterns.count)])
    case 6: return .stringEnum((0...input.choice(4)).map { _ in Self.words[input.choice(Self.words.count)] })
    case 7:
      let element = node(&input, depth: depth + 1)
      let minimum = input.flag() ? input.choice(3) : nil
      let maximum = input.flag() ? input.choice(4) : nil
      return .array(element, minimumCount: minimum, maximumCount: maximum)
    case 8, 9:
      let count = input.choice(4)
      let properties = (0..<count).map { index in
        GenerationSchema.Property(
          name: input.flag() ? "p\(index)" : Self.words[input.choice(Self.words.count)], node: node(&input, depth: depth + 1),
          isOptional: input.flag())
      }
      return .object(name: "O\(depth)", properties: properties)
    case 10: return .anyOf((0...input.choice(3)).map { _ in node(&input, depth: depth + 1) })
    default:
      guard !definitionNames.isEmpty else { return .null }
      return .reference(definitionNames[input.choice(definitionNames.count)])
    }
  }

  /// An optional small bound.
  private func bound(_ input: inout FuzzInput) -> Int? {
    input.flag() ? input.smallInt() : nil
  }
}
