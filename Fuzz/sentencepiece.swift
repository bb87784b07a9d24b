import Foundation
import Ristretto

/// Target `sentencepiece`: Gemma 3's SentencePiece tokenizer (from Fixtures/tokenizers) on any
/// text. See ``fuzzTokenizer(_:vocabularySize:roundTrips:_:)`` for the invariants. Every byte
/// has a `<0xXX>` token, so every text round-trips, except one holding `▁` (U+2581) itself:
/// SentencePiece writes a space as that character, so it decodes as a space (as in llama.cpp).
/// The check reads scalars: followed by a combining mark, `▁` is part of another character.
private let tokenizer: SentencePieceTokenizer = {
  do {
    return try SentencePieceTokenizer(data: TokenizerData(json: fixture("tokenizers/gemma3-270m.json")))
  } catch {
    fatalError("cannot build the Gemma 3 tokenizer: \(error)")
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSentencePiece(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let roundTrips = { (text: String) in !text.unicodeScalars.contains("\u{2581}") }
  fuzzTokenizer(tokenizer, vocabularySize: tokenizer.vocabularySize, roundTrips: roundTrips, &input)
  return 0
}
