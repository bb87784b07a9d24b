import Foundation
import Ristretto

/// The checks every tokenizer passes on any text, shared by the `bpe` and `sentencepiece` targets.
///
/// Input: a mode byte, then text bytes (decoded as UTF-8, invalid bytes replaced) or, in the last
/// mode, token ids. Invariants: nothing traps; `count` is the length of `encode`; the cheap lower
/// bound the session refuses oversized prompts with never exceeds the real count; every id is
/// in the vocabulary; decoding the ids gives the text back when every byte of it has a token
/// (`roundTrips`), with special tokens read or not.
func fuzzTokenizer(_ tokenizer: any Tokenizer, vocabularySize: Int, roundTrips: (String) -> Bool, _ input: inout FuzzInput) {
  let mode = input.choice(4)
  if mode == 3 {
    let ids = stride(from: 0, to: input.bytes.count / 4 * 4, by: 4).map { _ in
      Int(
        Int32(
          bitPattern: UInt32(input.byte()) | UInt32(input.byte()) << 8 | UInt32(input.byte()) << 16 | UInt32(input.byte()) << 24))
    }
    _ = tokenizer.decode(ids)
    return
  }
  let text = String(decoding: input.rest(), as: UTF8.self)
  let parseSpecial = mode == 1
  let ids = tokenizer.encode(text, parseSpecial: parseSpecial)
  if let outside = ids.first(where: { $0 < 0 || $0 >= vocabularySize }) { violated("id \(outside) is outside the vocabulary") }
  if !parseSpecial {
    let count = tokenizer.count(text)
    if count != ids.count { violated("count \(count) differs from encode's \(ids.count) for \(text.debugDescription)") }
    let bound = tokenizer.minimumTokenCount(text)
    if bound > count { violated("the lower bound \(bound) exceeds the count \(count) for \(text.debugDescription)") }
  }
  guard roundTrips(text) else { return }
  let decoded = tokenizer.decode(ids)
  if decoded != text { violated("\(text.debugDescription) decodes back as \(decoded.debugDescription)") }
}
