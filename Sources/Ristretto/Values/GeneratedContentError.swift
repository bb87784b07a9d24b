import Foundation

/// Why generated content could not be parsed or converted to a typed value.
///
/// Every case names the path of the offending value (`limit`, `origins[2]`), so a message such as
/// `limit: expected integer, found string` points at the exact property.
public enum GeneratedContentError: Error, Sendable, Equatable, LocalizedError {
  /// The value has another type than the one asked for.
  case typeMismatch(path: String, expected: String, found: String)
  /// A required property is absent.
  case missingProperty(path: String)
  /// The value has the right type but is not acceptable (an unknown enum case, a fraction for an Int).
  case invalidValue(path: String, reason: String)
  /// The text is not JSON; `offset` is the byte where parsing stopped.
  case invalidJSON(offset: Int, reason: String)

  /// A sentence that says what went wrong and where.
  public var errorDescription: String? {
    switch self {
    case .typeMismatch(let path, let expected, let found):
      "\(Self.label(path))expected \(expected), found \(found)."
    case .missingProperty(let path):
      "Missing required property '\(path)'."
    case .invalidValue(let path, let reason):
      "\(Self.label(path))\(reason)"
    case .invalidJSON(let offset, let reason):
      "Invalid JSON at byte \(offset): \(reason)"
    }
  }

  private static func label(_ path: String) -> String { path.isEmpty ? "" : "\(path): " }

  func prefixed(with component: String) -> GeneratedContentError {
    func join(_ path: String) -> String {
      if path.isEmpty { return component }
      return path.hasPrefix("[") ? component + path : component + "." + path
    }
    switch self {
    case .typeMismatch(let path, let expected, let found):
      return .typeMismatch(path: join(path), expected: expected, found: found)
    case .missingProperty(let path): return .missingProperty(path: join(path))
    case .invalidValue(let path, let reason): return .invalidValue(path: join(path), reason: reason)
    case .invalidJSON: return self
    }
  }
}
