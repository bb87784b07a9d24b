extension GGUFLayout {
  /// The vocabulary checks llama.cpp asserts rather than reports: token texts must be distinct
  /// (llama.cpp renames an empty one `[EMPTY_<id>]` first, then aborts the process on a
  /// duplicate), and scores and types must cover every token. Also refused: a vocabulary whose
  /// texts do not fit 32-bit offsets, which no real model comes near.
  static func checkVocabulary(_ metadata: GGUFMetadata) throws(GGUFError) {
    guard let value = metadata.values["tokenizer.ggml.tokens"] else { return }
    guard case .array(let items) = value else { throw .corrupt(offset: 0, reason: "tokenizer.ggml.tokens is not an array") }
    // By bytes, as llama.cpp compares them: Swift's String equality would call two spellings of
    // one character (composed and decomposed) the same, and Gemma's vocabulary has both.
    var seen = Set<[UInt8]>()
    seen.reserveCapacity(items.count)
    var totalBytes = 0
    for (id, item) in items.enumerated() {
      guard case .string(let stored) = item else {
        throw .corrupt(offset: 0, reason: "tokenizer.ggml.tokens holds something other than strings")
      }
      let text = Array((stored.isEmpty ? "[EMPTY_\(id)]" : stored).utf8)
      guard seen.insert(text).inserted else {
        let shown = String(decoding: text.prefix(40), as: UTF8.self)
        throw .corrupt(offset: 0, reason: "the token text '\(shown)' appears twice in tokenizer.ggml.tokens")
      }
      totalBytes += text.count
    }
    guard items.count < Int(Int32.max), totalBytes < Int(Int32.max) else {
      throw .corrupt(offset: 0, reason: "a vocabulary of \(items.count) tokens and \(totalBytes) bytes is too large")
    }
    for key in ["tokenizer.ggml.scores", "tokenizer.ggml.token_type"] {
      guard let column = metadata.values[key] else { continue }
      guard case .array(let entries) = column, entries.count >= items.count else {
        throw .corrupt(offset: 0, reason: "\(key) does not have one entry per token (\(items.count))")
      }
    }
  }
}
