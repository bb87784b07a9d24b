/// Remembers the token counts of long texts a tokenizer has counted, so counting the same
/// instructions and history again for every request of a conversation costs a hash of each
/// text instead of a tokenization. Bounded: once the remembered texts pass 4 MiB, it forgets
/// them all and starts again.
final class TokenCountMemo: Sendable {
  private struct Table: Sendable {
    var plain: [String: Int] = [:]
    var markup: [String: Int] = [:]
    var bytes = 0
  }

  /// Texts shorter than this are counted every time: they cost about as much as their hash.
  static let shortestRemembered = 64
  /// The most UTF-8 bytes of text remembered at once.
  static let capacityBytes = 4 << 20

  private let table = LockedValue(Table())

  /// The remembered count of `text`, or `count()` remembered for the next time.
  func count(_ text: String, parseSpecial: Bool, _ count: () -> Int) -> Int {
    let length = text.utf8.count
    guard length >= Self.shortestRemembered, length <= Self.capacityBytes else { return count() }
    if let known = table.withLock({ parseSpecial ? $0.markup[text] : $0.plain[text] }) { return known }
    let counted = count()
    table.withLock { table in
      if table.bytes + length > Self.capacityBytes { table = Table() }
      table.bytes += length
      if parseSpecial { table.markup[text] = counted } else { table.plain[text] = counted }
    }
    return counted
  }
}
