import Foundation

/// A constraint on one generated value, enforced while the model generates it.
///
/// Guides are typed: `.range` exists only for numbers, `.pattern` only for strings, `.count`
/// only for arrays, so a guide that does not fit its property does not compile.
///
/// ```swift
/// GenerableProperty("limit", \.limit, description: "How many beans", .range(1...5))
/// ```
public struct GenerationGuide<Value>: Sendable {
  let rule: GuideRule

  init(_ rule: GuideRule) { self.rule = rule }
}

/// The untyped rule behind a ``GenerationGuide``.
indirect enum GuideRule: Sendable, Equatable {
  case constant(String)
  case anyOf([String])
  case pattern(String)
  case integerBounds(minimum: Int?, maximum: Int?)
  case numberBounds(minimum: Double?, maximum: Double?)
  case count(minimum: Int?, maximum: Int?)
  case element(GuideRule)
  case unsupported(String)
}

extension GenerationGuide where Value == String {
  /// The string must be exactly `value`.
  public static func constant(_ value: String) -> Self { Self(.constant(value)) }
  /// The string must be one of `values`.
  public static func anyOf(_ values: [String]) -> Self { Self(.anyOf(values)) }
  /// The string must match `pattern` (the subset ``StringPattern`` documents).
  public static func pattern(_ pattern: String) -> Self { Self(.pattern(pattern)) }

  /// The string must match `regex`, enforced from the regex's own pattern text, so only the
  /// subset ``StringPattern`` documents is accepted: a regex outside it (lookaround, or the
  /// `\Q…\E` quoting RegexBuilder writes) is refused as an unsupported guide when the schema
  /// is built.
  public static func pattern<Output>(_ regex: Regex<Output>) -> Self {
    guard let source = regex._literalPattern else {
      return Self(.unsupported("a Regex without a literal pattern cannot be enforced; pass the pattern as a String"))
    }
    return Self(.pattern(source))
  }
}

extension GenerationGuide where Value == Int {
  /// The integer must be at least `value`.
  public static func minimum(_ value: Int) -> Self { Self(.integerBounds(minimum: value, maximum: nil)) }
  /// The integer must be at most `value`.
  public static func maximum(_ value: Int) -> Self { Self(.integerBounds(minimum: nil, maximum: value)) }
  /// The integer must lie in `range`.
  public static func range(_ range: ClosedRange<Int>) -> Self {
    Self(.integerBounds(minimum: range.lowerBound, maximum: range.upperBound))
  }
}

extension GenerationGuide where Value == Double {
  /// The number must be at least `value`.
  public static func minimum(_ value: Double) -> Self { Self(.numberBounds(minimum: value, maximum: nil)) }
  /// The number must be at most `value`.
  public static func maximum(_ value: Double) -> Self { Self(.numberBounds(minimum: nil, maximum: value)) }
  /// The number must lie in `range`.
  public static func range(_ range: ClosedRange<Double>) -> Self {
    Self(.numberBounds(minimum: range.lowerBound, maximum: range.upperBound))
  }
}

extension GenerationGuide where Value == Float {
  /// The number must be at least `value`.
  public static func minimum(_ value: Float) -> Self { Self(.numberBounds(minimum: Double(value), maximum: nil)) }
  /// The number must be at most `value`.
  public static func maximum(_ value: Float) -> Self { Self(.numberBounds(minimum: nil, maximum: Double(value))) }
  /// The number must lie in `range`.
  public static func range(_ range: ClosedRange<Float>) -> Self {
    Self(.numberBounds(minimum: Double(range.lowerBound), maximum: Double(range.upperBound)))
  }
}

extension GenerationGuide where Value == Decimal {
  /// The number must be at least `value`.
  public static func minimum(_ value: Decimal) -> Self { Self(.numberBounds(minimum: value.double, maximum: nil)) }
  /// The number must be at most `value`.
  public static func maximum(_ value: Decimal) -> Self { Self(.numberBounds(minimum: nil, maximum: value.double)) }
  /// The number must lie in `range`.
  public static func range(_ range: ClosedRange<Decimal>) -> Self {
    Self(.numberBounds(minimum: range.lowerBound.double, maximum: range.upperBound.double))
  }
}

extension GenerationGuide {
  /// The array must have exactly `count` elements.
  public static func count<Element>(_ count: Int) -> Self where Value == [Element] {
    Self(.count(minimum: count, maximum: count))
  }
  /// The array's element count must lie in `range`.
  public static func count<Element>(_ range: ClosedRange<Int>) -> Self where Value == [Element] {
    Self(.count(minimum: range.lowerBound, maximum: range.upperBound))
  }
  /// The array must have at least `count` elements.
  public static func minimumCount<Element>(_ count: Int) -> Self where Value == [Element] {
    Self(.count(minimum: count, maximum: nil))
  }
  /// The array must have at most `count` elements.
  public static func maximumCount<Element>(_ count: Int) -> Self where Value == [Element] {
    Self(.count(minimum: nil, maximum: count))
  }
  /// Every element must satisfy `guide`.
  public static func element<Element>(_ guide: GenerationGuide<Element>) -> Self where Value == [Element] {
    Self(.element(guide.rule))
  }
}

extension GenerationSchema.Node {
  /// This node narrowed by a guide rule; a rule that does not fit the node is an error.
  func applying(_ guide: GuideRule, path: String) throws(SchemaError) -> Self {
    switch (self, guide) {
    case (.string, .constant(let value)): return .stringEnum([value])
    case (.string, .anyOf(let values)): return .stringEnum(values)
    case (.string, .pattern(let pattern)): return .string(pattern: pattern)
    case (.integer(let lower, let upper), .integerBounds(let minimum, let maximum)):
      return .integer(minimum: minimum ?? lower, maximum: maximum ?? upper)
    case (.number(let lower, let upper), .numberBounds(let minimum, let maximum)):
      return .number(minimum: minimum ?? lower, maximum: maximum ?? upper)
    case (.array(let element, let lower, let upper), .count(let minimum, let maximum)):
      return .array(element, minimumCount: minimum ?? lower, maximumCount: maximum ?? upper)
    case (.array(let element, let lower, let upper), .element(let rule)):
      let narrowed = try element.applying(rule, path: path + "[]")
      return .array(narrowed, minimumCount: lower, maximumCount: upper)
    case (_, .unsupported(let reason)):
      throw .unsupportedGuide(path: path, reason: reason)
    case (.anyOf(let choices), _) where choices.contains(.null) && choices.count == 2:
      let wrapped = choices.first { $0 != .null }!
      return .anyOf([try wrapped.applying(guide, path: path), .null])
    default:
      throw .unsupportedGuide(path: path, reason: "\(guide) does not apply to \(self).")
    }
  }
}
