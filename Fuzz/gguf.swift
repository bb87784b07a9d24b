import Foundation
import Ristretto

/// Target `gguf`: GGUF files, read as metadata (what the tokenizers are built from) and validated
/// as a whole (what the llama backend checks before llama.cpp sees a file).
///
/// Invariants: reading and validating never trap, and allocate in proportion to the file, not
/// to the counts it declares (libFuzzer's -rss_limit_mb catches the rest); a file that validates
/// has readable metadata with the same keys, and every tensor's data inside the file; a
/// tokenizer built from the metadata encodes and decodes without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGGUF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let file = Data(input.rest())
  let metadata = try? GGUFMetadata(data: file)
  if let layout = try? GGUFLayout(data: file) {
    guard let metadata, metadata.keys == layout.metadata.keys else { violated("a valid layout has other metadata") }
    for tensor in layout.tensors where layout.dataOffset + tensor.offset + tensor.byteCount > file.count {
      violated("the tensor '\(tensor.name)' ends past the file")
    }
  }
  guard let metadata, let tokenizer = try? TokenizerData.tokenizer(gguf: metadata) else { return 0 }
  let text = "Hello <|im_start|>system ☕️ \u{0}\u{202E}"
  let ids = tokenizer.encode(text, parseSpecial: true) + tokenizer.encode(text)
  _ = tokenizer.decode(ids + [-1, Int.max, Int.min, 0])
  _ = tokenizer.count(text)
  _ = tokenizer.specialTokenTexts
  return 0
}
