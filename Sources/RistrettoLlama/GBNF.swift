#if Llama
  import Foundation
  import Ristretto

  /// A llama.cpp GBNF grammar for a ``GenerationSchema``: the compact JSON (no whitespace) the
  /// guidance automaton accepts, so llama.cpp's own grammar sampler can be timed against it.
  ///
  /// The translation is close, not exact:
  /// - A bounded integer range of at most 64 values is spelled out; a wider one is approximated
  ///   by digit counts: a sign only when the minimum is negative, and at most as many digits as
  ///   the widest bound has, so every value in range is accepted and a few outside it are too.
  /// - Number bounds only decide whether `-` may appear.
  /// - A pattern is translated when it uses literals, `[…]` classes, `.`, `\d \w \s`, groups,
  ///   `|` and the quantifiers `? * + {m,n}`; anchors are dropped; any other pattern becomes a
  ///   free string.
  ///
  /// ```swift
  /// let grammar = GBNF(schema: schema).text  // root ::= "{" "\"roast\":" …
  /// ```
  public struct GBNF: Sendable {
    /// The grammar text; its start rule is `root`.
    public let text: String

    /// Translates `schema`.
    public init(schema: GenerationSchema) {
      var writer = GBNFWriter(schema: schema)
      let root = writer.expression(schema.root)
      text = (["root ::= \(root)"] + writer.rules).joined(separator: "\n") + "\n"
    }
  }

  /// Builds rules for nodes; every rule it names is in ``rules``.
  struct GBNFWriter {
    let schema: GenerationSchema
    var rules: [String] = []
    private var named: Set<String> = []
    private var counter = 0

    init(schema: GenerationSchema) { self.schema = schema }

    static let shared = [
      "json-string ::= \"\\\"\" ( [^\"\\\\\\x00-\\x1F] | \"\\\\\" ( [\"\\\\/bfnrt] | \"u\" [0-9a-fA-F]{4} ) )* \"\\\"\"",
      "json-number ::= \"-\"? json-unsigned",
      "json-unsigned ::= ( \"0\" | [1-9] [0-9]* ) ( \".\" [0-9]+ )?",
      "json-integer ::= \"-\"? ( \"0\" | [1-9] [0-9]* )",
      "json-value ::= json-object | json-array | json-string | json-number | \"true\" | \"false\" | \"null\"",
      "json-object ::= \"{\" ( json-string \":\" json-value ( \",\" json-string \":\" json-value )* )? \"}\"",
      "json-array ::= \"[\" ( json-value ( \",\" json-value )* )? \"]\"",
    ]

    /// Adds the shared JSON rules once and returns `name`.
    private mutating func shared(_ name: String) -> String {
      if named.insert("json").inserted { rules += Self.shared }
      return name
    }

    private mutating func newRule(_ prefix: String, _ body: String) -> String {
      counter += 1
      let name = "\(prefix)-\(counter)"
      rules.append("\(name) ::= \(body)")
      return name
    }

    /// A GBNF expression for `node`, adding rules as needed.
    mutating func expression(_ node: GenerationSchema.Node) -> String {
      switch node {
      case .any: return shared("json-value")
      case .null: return "\"null\""
      case .boolean: return "( \"true\" | \"false\" )"
      case .integer(let minimum, let maximum): return integer(minimum: minimum, maximum: maximum)
      case .number(let minimum, _): return minimum.map { $0 >= 0 } == true ? shared("json-unsigned") : shared("json-number")
      case .string(let pattern):
        guard let pattern, let body = GBNFPattern(pattern).expression else { return shared("json-string") }
        return "\"\\\"\" \(body) \"\\\"\""
      case .stringEnum(let values):
        return "( " + values.map { Self.literal(GeneratedContent.quoted($0)) }.joined(separator: " | ") + " )"
      case .array(let element, let minimum, let maximum):
        let item = newRule("item", expression(element))
        let low = max(minimum ?? 0, 0)
        let rest = "( \",\" \(item) ){\(max(low - 1, 0)),\(maximum.map { String(max($0 - 1, 0)) } ?? "")}"
        if maximum == 0 { return "\"[]\"" }
        return low == 0 ? "\"[\" ( \(item) \(rest) )? \"]\"" : "\"[\" \(item) \(rest) \"]\""
      case .object(_, _, let properties): return object(properties)
      case .anyOf(let choices): return "( " + choices.map { expression($0) }.joined(separator: " | ") + " )"
      case .reference(let name):
        let rule =
          "def-"
          + String(name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "-" })
        if named.insert(rule).inserted, let target = schema.definition(named: name) {
          rules.append("")  // placeholder: the definition may refer back to itself
          let slot = rules.count - 1
          rules[slot] = "\(rule) ::= \(expression(target))"
        }
        return rule
      }
    }

    /// Properties in order; an optional one may be absent or `null`.
    private mutating func object(_ properties: [GenerationSchema.Property]) -> String {
      guard !properties.isEmpty else { return "\"{}\"" }
      let values = properties.map { property -> String in
        let value = expression(property.node)
        return property.isOptional ? "( \(value) | \"null\" )" : value
      }
      counter += 1
      let prefix = "obj-\(counter)"
      // tail(p, first): the members from property p on, `first` when nothing was written yet.
      func tail(_ position: Int, first: Bool) -> String { "\(prefix)-\(position)\(first ? "f" : "n")" }
      for position in 0...properties.count {
        for first in position == 0 ? [true] : [true, false] {
          var choices: [String] = []
          for index in position..<properties.count {
            let key = Self.literal((first ? "" : ",") + GeneratedContent.quoted(properties[index].name) + ":")
            choices.append("\(key) \(values[index]) \(index + 1 < properties.count ? tail(index + 1, first: false) : "")")
            if !properties[index].isOptional { break }
          }
          if properties[position...].allSatisfy(\.isOptional) { choices.append("\"\"") }
          rules.append("\(tail(position, first: first)) ::= " + choices.joined(separator: " | "))
        }
      }
      return "\"{\" \(tail(0, first: true)) \"}\""
    }

    private func integer(minimum: Int?, maximum: Int?) -> String {
      if let minimum, let maximum, maximum >= minimum, maximum - minimum < 64 {
        return "( " + (minimum...maximum).map { "\"\($0)\"" }.joined(separator: " | ") + " )"
      }
      func digits(_ value: Int) -> Int { String(value.magnitude).count }
      let positive = maximum.map { $0 < 0 ? nil : digits($0) } ?? 0
      let negative = minimum.map { $0 >= 0 ? nil : digits($0) } ?? 0
      func magnitude(_ count: Int) -> String {
        count == 0 ? "( \"0\" | [1-9] [0-9]* )" : count == 1 ? "[0-9]" : "( \"0\" | [1-9] [0-9]{0,\(count - 1)} )"
      }
      switch (negative, positive) {
      case (nil, let positive?): return magnitude(positive)
      case (let negative?, nil): return "\"-\" \(magnitude(negative))"
      case (let negative?, let positive?) where negative == positive: return "\"-\"? \(magnitude(positive))"
      case (let negative?, let positive?): return "( \"-\" \(magnitude(negative)) | \(magnitude(positive)) )"
      default: return "json-integer"
      }
    }

    /// A GBNF string literal for `text`.
    static func literal(_ text: String) -> String {
      var output = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\u{0}"..<" ": output += String(format: "\\x%02X", scalar.value)
        default: output.unicodeScalars.append(scalar)
        }
      }
      return output + "\""
    }
  }
  /// A simple regular expression as a GBNF expression over a JSON string's body, or nil when the
  /// pattern uses something this translation does not (it then becomes a free string).
  struct GBNFPattern {
    private var scalars: [Unicode.Scalar]
    private var index = 0
    /// The translation, or nil.
    private(set) var expression: String?

    static let anyCharacter = "[^\"\\\\\\x00-\\x1F]"

    init(_ pattern: String) {
      // Only what StringPattern accepts (its nesting is bounded, so this recursion is too).
      guard (try? StringPattern(pattern)) != nil else {
        scalars = []
        return
      }
      scalars = Array(pattern.unicodeScalars)
      if scalars.first == "^" { scalars.removeFirst() }
      if scalars.last == "$" { scalars.removeLast() }
      let result = alternation()
      expression = index == scalars.count ? result : nil
    }

    private mutating func alternation() -> String? {
      var choices: [String] = []
      repeat {
        guard let sequence = sequence() else { return nil }
        choices.append(sequence)
      } while next("|")
      return choices.count == 1 ? choices[0] : "( " + choices.joined(separator: " | ") + " )"
    }

    private mutating func sequence() -> String? {
      var items: [String] = []
      while index < scalars.count, scalars[index] != "|", scalars[index] != ")" {
        guard var atom = atom() else { return nil }
        if index < scalars.count, "?*+".unicodeScalars.contains(scalars[index]) {
          atom += String(scalars[index])
          index += 1
        } else if index < scalars.count, scalars[index] == "{" {
          guard let end = scalars[index...].firstIndex(of: "}") else { return nil }
          let body = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
          guard body.allSatisfy({ $0.isNumber || $0 == "," }), !body.isEmpty else { return nil }
          atom += "{\(body)}"
          index = end + 1
        }
        items.append(atom)
      }
      return items.isEmpty ? "\"\"" : items.joined(separator: " ")
    }

    private mutating func next(_ scalar: Unicode.Scalar) -> Bool {
      guard index < scalars.count, scalars[index] == scalar else { return false }
      index += 1
      return true
    }

    private mutating func atom() -> String? {
      let scalar = scalars[index]
      index += 1
      switch scalar {
      case "(":
        _ = next("?") && next(":")
        guard let inner = alternation(), next(")") else { return nil }
        return "( \(inner) )"
      case ".": return Self.anyCharacter
      case "[":
        guard let end = scalars[index...].firstIndex(of: "]") else { return nil }
        let body = String(String.UnicodeScalarView(scalars[index..<end]))
        index = end + 1
        guard !body.contains("\""), !body.contains("[") else { return nil }
        return "[\(body)]"
      case "\\":
        guard index < scalars.count else { return nil }
        let escaped = scalars[index]
        index += 1
        switch escaped {
        case "d": return "[0-9]"
        case "w": return "[a-zA-Z0-9_]"
        case "s": return "\" \""
        case _ where escaped.properties.isAlphabetic: return nil
        default: return escaped == "\"" || escaped == "\\" ? nil : GBNFWriter.literal(String(escaped))
        }
      case "\"", "?", "*", "+", "{", "}", ")", "|", "^", "$": return nil
      default: return GBNFWriter.literal(String(scalar))
      }
    }
  }
#endif
