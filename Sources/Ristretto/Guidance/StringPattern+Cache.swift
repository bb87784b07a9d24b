import Foundation

extension StringPattern {
  /// Compiled patterns by source, so validating many values against one guide compiles its
  /// automaton once (a compile takes milliseconds; a match, microseconds).
  private static let cache = LockedValue(BoundedCache<String, StringPattern>(entryLimit: 256, byteLimit: 16 << 20))

  /// The pattern compiled from `source`, from the cache when it was compiled before.
  /// - Throws: ``StringPatternError`` naming the unsupported construct (failures are not kept).
  static func cached(_ source: String) throws(StringPatternError) -> StringPattern {
    if let pattern = cache.withLock({ $0.value(for: source) }) { return pattern }
    let pattern = try StringPattern(source)
    cache.withLock { $0.insert(pattern, bytes: pattern.automaton.byteCount + source.utf8.count, for: source) }
    return pattern
  }
}
