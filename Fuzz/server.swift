import Foundation
import Ristretto

/// Target `server`: a model server's reply, read whole or as a stream of server-sent events split
/// wherever the input says, by the served backend's reader (`Sources/RistrettoServer`, compiled in).
///
/// Invariants: reading never traps, whatever the bytes; every failure is a ``ServerError``; every
/// usage it reports is a count in range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerReply(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let guides: [ChatCompletionBody.Guide] = [.text, .schema, .toolCall]
  var reader = ChatCompletionReader(guide: guides[input.choice(guides.count)])
  let streamed = input.flag()
  let split = max(Int(input.byte()), 1)
  let bytes = Array(input.rest())
  var events: [GenerationEvent] = []
  do {
    if streamed {
      var stream = ServerSentEvents()
      var payloads: [String] = []
      for start in stride(from: 0, to: bytes.count, by: split) {
        payloads += stream.feed(bytes[start..<min(start + split, bytes.count)])
      }
      if let last = stream.finish() { payloads.append(last) }
      for payload in payloads where payload != "[DONE]" { events += try reader.read(payload) }
    } else {
      events += try reader.read(String(decoding: bytes, as: UTF8.self))
    }
    events += try reader.finish()
  } catch {
    // A typed error (ServerError), the only kind the reader throws.
  }
  for case .usage(let usage) in events {
    guard usage.promptTokens >= 0, usage.generatedTokens >= 0,
      usage.promptTokens <= ChatCompletionReader.maximumTokenCount,
      usage.generatedTokens <= ChatCompletionReader.maximumTokenCount
    else { violated("usage out of range: \(usage)") }
  }
  return 0
}
