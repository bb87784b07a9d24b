/// Each transcript entry's token count, measured once per session. Fitting a long conversation
/// into the context then costs a lookup for each entry that stays in it and a few exact counts,
/// instead of a count of the whole history for every entry left out.
final class EntryTokenCounts: Sendable {
  private struct Measured: Sendable {
    var entry: Transcript.Entry
    var tokens: Int
  }

  /// The most entries remembered; past it the table starts again (a context holds far fewer).
  static let capacity = 4096

  private let measured = LockedValue<[String: Measured]>([:])

  /// The tokens `entry` adds to a prompt rendered by `model`, measured the first time the entry
  /// is seen and again when its content changed under the same id (a history transform may
  /// rewrite one).
  func tokens(of entry: Transcript.Entry, in model: any LanguageModel) -> Int {
    if let known = measured.withLock({ $0[entry.id] }), known.entry == entry { return known.tokens }
    let tokens = max(model.tokenCount(for: [entry]), 0)
    measured.withLock { table in
      if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
      table[entry.id] = Measured(entry: entry, tokens: tokens)
    }
    return tokens
  }
}
