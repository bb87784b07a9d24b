import Foundation
import Ristretto

/// Target `bpe`: SmolLM2's byte-level BPE tokenizer (from Fixtures/tokenizers) on any text.
/// See ``fuzzTokenizer(_:vocabularySize:roundTrips:_:)`` for the invariants.
private let tokenizer: BPETokenizer = {
  do {
    return try BPETokenizer(data: TokenizerData(json: fixture("tokenizers/smollm2-135m.json")))
  } catch {
    fatalError("cannot build the SmolLM2 tokenizer: \(error)")
  }
}()

/// The bytes with a token of their own; text made of other bytes loses them (as llama.cpp does).
private let coveredBytes = Set(tokenizer.vocabularyBytes.filter { $0.count == 1 }.map { $0[0] })

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBPE(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  fuzzTokenizer(
    tokenizer, vocabularySize: tokenizer.vocabularySize, roundTrips: { $0.utf8.allSatisfy(coveredBytes.contains) }, &input)
  return 0
}
