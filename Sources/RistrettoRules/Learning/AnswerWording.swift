import Foundation
import Ristretto

/// How a tool's output is worded in a reply: a template per status, filled from the output.
///
/// A template is text with fields in braces:
/// - `{path}` — the value at a dotted path of the output (`{shop.name}`); a path through an array
///   takes each element's value, joined as "A, B and C";
/// - `{#path}` — how many elements the array at `path` holds;
/// - `{?path}…{/path}` — the text between, only when the value at `path` is present, not false
///   and not empty;
/// - `{*path}…{/path}` — the text between once for each element of the array at `path`, with the
///   element as the root of its paths (`{.}` is the element itself), joined by "; ";
/// - `{arguments.name}` — an argument of the call.
///
/// ```swift
/// let wording = AnswerWording(byStatus: [
///   "ok": "{*shops}{name} ({distanceKm} km){/shops}.",
///   "noneNearby": "No bike shop is near you.",
/// ])
/// ```
public struct AnswerWording: Sendable {
  /// Templates by the value of the output's status property.
  public var byStatus: [String: String]
  /// The template for any other status, or an output without one.
  public var otherwise: String?

  /// One template for every output.
  public init(_ template: String) {
    byStatus = [:]
    otherwise = template
  }

  /// A template per status, and one for the rest.
  public init(byStatus: [String: String], otherwise: String? = nil) {
    self.byStatus = byStatus
    self.otherwise = otherwise
  }

  /// The reply for `result`; an output without a template is stated field by field.
  public func render(_ result: ToolResult, statusProperty: String? = "status") -> String {
    let status = result.status(statusProperty)
    guard let template = status.flatMap({ byStatus[$0] }) ?? otherwise else {
      return Self.plain(result.output, skipping: statusProperty)
    }
    let root = GeneratedContent(
      kind: .structure(
        properties: ["arguments": result.arguments, "output": result.output],
        orderedKeys: ["arguments", "output"]))
    return Self.fill(Array(template), from: result.output, arguments: root).trimmingCharacters(in: .whitespaces)
  }

  /// An output as a sentence of its fields ("name: Velo; hours: 9–18"), for a tool without wording.
  public static func plain(_ output: GeneratedContent, skipping: String? = nil) -> String {
    switch output.kind {
    case .structure(let properties, let keys):
      return keys.filter { $0 != skipping }.compactMap { key in
        guard let value = properties[key], value.kind != .null else { return nil }
        return "\(Gazetteer.spaced(key).lowercased()): \(plain(value))"
      }.joined(separator: "; ")
    case .array(let items): return joined(items.map { plain($0) })
    default: return text(output)
    }
  }

  private static func fill(_ template: [Character], from root: GeneratedContent, arguments: GeneratedContent) -> String {
    var result = ""
    var index = 0
    while index < template.count {
      guard template[index] == "{", let close = template[index...].firstIndex(of: "}") else {
        result.append(template[index])
        index += 1
        continue
      }
      let field = String(template[(index + 1)..<close])
      index = close + 1
      if let mark = field.first, mark == "?" || mark == "*" {
        let path = String(field.dropFirst())
        let ending = Array("{/\(path)}")
        guard let end = firstIndex(of: ending, in: template, from: index) else { continue }
        let inner = Array(template[index..<end])
        index = end + ending.count
        let values = lookup(path, in: root, arguments: arguments)
        if mark == "?" {
          if values.contains(where: isPresent) { result += fill(inner, from: root, arguments: arguments) }
        } else {
          let elements = values.flatMap { value -> [GeneratedContent] in
            if case .array(let items) = value.kind { return items }
            return [value]
          }
          result += elements.map { fill(inner, from: $0, arguments: arguments) }.joined(separator: "; ")
        }
      } else if field.hasPrefix("#") {
        let values = lookup(String(field.dropFirst()), in: root, arguments: arguments)
        let count = values.reduce(0) { total, value in
          if case .array(let items) = value.kind { return total + items.count }
          return total + (isPresent(value) ? 1 : 0)
        }
        result += String(count)
      } else {
        result += joined(lookup(field, in: root, arguments: arguments).flatMap(flatten).map(text))
      }
    }
    return result
  }

  private static func lookup(_ path: String, in root: GeneratedContent, arguments: GeneratedContent)
    -> [GeneratedContent]
  {
    if path == "." { return [root] }
    var current = [path.hasPrefix("arguments.") ? arguments : root]
    for key in path.split(separator: ".") {
      current = current.flatMap { value -> [GeneratedContent] in
        switch value.kind {
        case .structure(let properties, _): return properties[String(key)].map { [$0] } ?? []
        case .array(let items):
          return items.compactMap { item in
            if case .structure(let properties, _) = item.kind { return properties[String(key)] }
            return nil
          }
        default: return []
        }
      }
    }
    return current
  }

  private static func flatten(_ value: GeneratedContent) -> [GeneratedContent] {
    if case .array(let items) = value.kind { return items.flatMap(flatten) }
    return isPresent(value) ? [value] : []
  }

  private static func isPresent(_ value: GeneratedContent) -> Bool {
    switch value.kind {
    case .null, .bool(false): false
    case .string(let text): !text.isEmpty
    case .array(let items): !items.isEmpty
    default: true
    }
  }

  private static func text(_ value: GeneratedContent) -> String {
    switch value.kind {
    case .string(let text): text
    case .number(let number): GeneratedContent.formatNumber(number)
    case .bool(let flag): flag ? "yes" : "no"
    case .null: ""
    default: value.jsonString
    }
  }

  static func joined(_ parts: [String]) -> String {
    switch parts.count {
    case 0: ""
    case 1: parts[0]
    default: parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    }
  }

  private static func firstIndex(of needle: [Character], in haystack: [Character], from start: Int) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    var index = start
    while index + needle.count <= haystack.count {
      if Array(haystack[index..<index + needle.count]) == needle { return index }
      index += 1
    }
    return nil
  }
}
