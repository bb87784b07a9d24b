import Ristretto

/// Target `partial-json`: the incremental parser used while a value streams.
///
/// Input: a cut position byte, then a document. Invariants: the partial parser never traps;
/// when the document is valid JSON, every prefix of it (at the cut, and at each byte of the
/// first 64) parses partially, and a proper prefix that ends inside a value is marked incomplete.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPartialJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let cut = Int(input.byte()) | Int(input.byte()) << 8
  let bytes = input.rest()
  _ = try? GeneratedContent(partialJSON: String(decoding: bytes, as: UTF8.self))
  guard let text = String(validating: bytes, as: UTF8.self), (try? GeneratedContent(json: text)) != nil else { return 0 }
  var cuts = Array(0...min(64, bytes.count))
  if bytes.count > 0 { cuts.append(cut % bytes.count) }
  for end in cuts {
    // Cut on a character boundary, as a stream of text deltas would.
    guard end == bytes.count || bytes[end] & 0xC0 != 0x80 else { continue }
    let prefix = String(decoding: bytes[..<end], as: UTF8.self)
    let snapshot: GeneratedContent
    do {
      snapshot = try GeneratedContent(partialJSON: prefix)
    } catch {
      violated("prefix \(Array(prefix.utf8)) of a valid document is refused: \(error)")
    }
    if trimmed(Array(prefix.utf8)) != trimmed(bytes), snapshot.isComplete {
      violated("prefix \(Array(prefix.utf8)) of a longer document is marked complete")
    }
  }
  return 0
}

private func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
  let space: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
  var slice = bytes[...]
  while let first = slice.first, space.contains(first) { slice = slice.dropFirst() }
  while let last = slice.last, space.contains(last) { slice = slice.dropLast() }
  return slice
}
