/// A map that keeps at most `entryLimit` entries and `byteLimit` bytes, forgetting the least
/// recently used ones first.
///
/// Entries live in two generations. A lookup that finds an entry in the older generation moves
/// it to the newer one; when the newer generation holds half the budget, the older one is
/// dropped and the newer one takes its place. Every operation is O(1), and what survives a
/// rotation is what was used since the last one.
struct BoundedCache<Key: Hashable, Value> {
  /// The most entries kept (each generation holds half, rounded up).
  let entryLimit: Int
  /// The most bytes kept, as counted by the callers of ``insert(_:bytes:for:)``.
  let byteLimit: Int
  private var newer: [Key: (value: Value, bytes: Int)] = [:]
  private var older: [Key: (value: Value, bytes: Int)] = [:]
  private var newerBytes = 0
  private var olderBytes = 0

  init(entryLimit: Int, byteLimit: Int) {
    self.entryLimit = entryLimit
    self.byteLimit = byteLimit
  }

  /// The number of entries held.
  var count: Int { newer.count + older.count }
  /// The bytes held.
  var byteCount: Int { newerBytes + olderBytes }

  /// The value for `key`, marking it as recently used.
  mutating func value(for key: Key) -> Value? {
    if let entry = newer[key] { return entry.value }
    guard let entry = older.removeValue(forKey: key) else { return nil }
    olderBytes -= entry.bytes
    insert(entry.value, bytes: entry.bytes, for: key)
    return entry.value
  }

  /// Keeps `value` for `key`, counted as `bytes`; a value over half the byte budget is not kept.
  mutating func insert(_ value: Value, bytes: Int, for key: Key) {
    let entryHalf = (entryLimit + 1) / 2
    let byteHalf = byteLimit / 2
    guard entryHalf > 0, bytes <= byteHalf else { return }
    if let existing = newer.removeValue(forKey: key) {
      newerBytes -= existing.bytes
    } else if let existing = older.removeValue(forKey: key) {
      olderBytes -= existing.bytes
    }
    if newer.count >= entryHalf || newerBytes + bytes > byteHalf {
      older = newer
      olderBytes = newerBytes
      newer = [:]
      newerBytes = 0
    }
    newer[key] = (value, bytes)
    newerBytes += bytes
  }

  /// Forgets everything.
  mutating func removeAll() {
    newer = [:]
    older = [:]
    newerBytes = 0
    olderBytes = 0
  }
}
