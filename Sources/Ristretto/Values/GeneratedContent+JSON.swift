import Foundation

extension GeneratedContent {
  /// Parses a complete JSON document.
  ///
  /// - Throws: ``GeneratedContentError/invalidJSON(offset:reason:)`` with the byte offset.
  public init(json: String) throws(GeneratedContentError) {
    var parser = JSONParser(Array(json.utf8), allowsPartial: false)
    self = try parser.parseDocument()
  }

  /// Parses a possibly incomplete JSON prefix, as seen while a value is still streaming.
  ///
  /// The result's `isComplete` tells whether the whole document was present.
  ///
  /// ```swift
  /// let snapshot = try GeneratedContent(partialJSON: #"{"roast":"da"#)
  /// // {"roast":"da"}, isComplete == false
  /// ```
  public init(partialJSON json: String) throws(GeneratedContentError) {
    var parser = JSONParser(Array(json.utf8), allowsPartial: true)
    self = try parser.parseDocument()
  }

  /// The value as compact JSON: no whitespace, properties in their generated order.
  public var jsonString: String {
    var output = ""
    Self.write(self, into: &output)
    return output
  }

  private static func write(_ content: GeneratedContent, into output: inout String) {
    switch content.kind {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += formatNumber(value)
    case .string(let value): writeString(value, into: &output)
    case .array(let elements):
      output += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output += "," }
        write(element, into: &output)
      }
      output += "]"
    case .structure(let values, let keys):
      output += "{"
      var first = true
      for key in keys {
        guard let value = values[key] else { continue }
        if !first { output += "," }
        first = false
        writeString(key, into: &output)
        output += ":"
        write(value, into: &output)
      }
      output += "}"
    }
  }

  /// Formats a number as JSON: integral values without a fraction, others as Swift prints them.
  public static func formatNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// Writes a string as a JSON string literal with the escapes JSON requires.
  static func writeString(_ value: String, into output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        output +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// A JSON string literal for `value`.
  public static func quoted(_ value: String) -> String {
    var output = ""
    writeString(value, into: &output)
    return output
  }
}
