import Foundation
import Ristretto
import RistrettoTesting
import Testing

/// Corrupt files: GGUF models (what the llama backend validates before llama.cpp reads a file)
/// and saved transcripts. Each is refused with a typed error, quickly and without allocating
/// what a corrupt count claims.
@Suite("Corrupt files")
struct CorruptFileTests {
  static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fixtures/fuzz/gguf/seeds").standardizedFileURL
  static let seedNames = ["bpe-vocabulary.gguf", "sentencepiece-vocabulary.gguf", "tensors.gguf"]

  static func seed(_ name: String) throws -> Data { try Data(contentsOf: seeds.appendingPathComponent(name)) }

  @Test(arguments: seedNames)
  func theSeedFilesAreValid(name: String) throws {
    let layout = try GGUFLayout(data: try Self.seed(name))
    if name == "tensors.gguf" {
      #expect(layout.tensors.map(\.name) == ["token_embd.weight", "output_norm.weight"])
      #expect(layout.tensors.map(\.byteCount) == [128, 32])
    } else {
      let tokenizer = try TokenizerData.tokenizer(gguf: layout.metadata)
      #expect(tokenizer.decode(tokenizer.encode("ab ok")) == "ab ok")
    }
  }

  @Test(arguments: seedNames)
  func everyTruncationIsATypedError(name: String) throws {
    let file = try Self.seed(name)
    for length in 0..<file.count {
      #expect(throws: GGUFError.self, "\(name) cut at \(length)") { try GGUFLayout(data: file.prefix(length)) }
    }
  }

  /// Header and metadata fields set to values a corrupt or crafted file might hold.
  static let absurdities: [(name: String, offset: Int, value: UInt64)] = [
    ("tensor count", 8, .max), ("tensor count", 8, 1 << 40), ("key count", 16, .max), ("key count", 16, 1 << 33),
    ("first key's length", 24, .max), ("first key's length", 24, 1 << 62), ("version", 4, 0xFFFF_0000),
  ]

  @Test(arguments: absurdities.indices)
  func absurdCountsAreRefusedBeforeAnythingIsAllocated(index: Int) throws {
    let (name, offset, value) = Self.absurdities[index]
    var file = try Self.seed("tensors.gguf")
    let width = name == "version" ? 4 : 8
    withUnsafeBytes(of: value.littleEndian) { bytes in file.replaceSubrange(offset..<offset + width, with: bytes.prefix(width)) }
    let start = ContinuousClock.now
    #expect(throws: GGUFError.self, "\(name) = \(value)") { try GGUFLayout(data: file) }
    // The metadata reader does not use the tensor count; everything else it refuses too.
    if name != "tensor count" {
      #expect(throws: GGUFError.self, "\(name) = \(value)") { try GGUFMetadata(data: file) }
    }
    #expect(ContinuousClock.now - start < .milliseconds(500), "\(name)")
  }

  @Test func anArrayClaimingMoreElementsThanTheFileHoldsIsRefused() throws {
    var file = try Self.seed("bpe-vocabulary.gguf")
    // The token list is an array of strings: its count follows "tokenizer.ggml.tokens", type 9, type 8.
    let key = Data("tokenizer.ggml.tokens".utf8)
    let at = try #require(file.range(of: key)).upperBound + 8
    withUnsafeBytes(of: (UInt64(1) << 59).littleEndian) { file.replaceSubrange(at..<at + 8, with: $0) }
    #expect {
      try GGUFMetadata(data: file)
    } throws: { error in
      guard case GGUFError.corrupt(_, let reason) = error else { return false }
      return reason.contains("array")
    }
  }

  @Test func aDuplicatedTokenTextIsRefusedAsLlamaCppWouldAbortOnIt() throws {
    var file = try Self.seed("bpe-vocabulary.gguf")
    // Make the token "ok" read "Ġ" (two bytes too, so the layout stays the same): a duplicate.
    let tokens = try #require(file.range(of: Data("tokenizer.ggml.tokens".utf8)))
    let ok = try #require(file.range(of: Data([2, 0, 0, 0, 0, 0, 0, 0]) + Data("ok".utf8), in: tokens.upperBound..<file.count))
    file.replaceSubrange(ok.upperBound - 2..<ok.upperBound, with: Data("\u{0120}".utf8))
    #expect(throws: Never.self) { try GGUFMetadata(data: file) }
    #expect {
      try GGUFLayout(data: file)
    } throws: { error in
      guard case GGUFError.corrupt(_, let reason) = error else { return false }
      return reason.contains("appears twice")
    }
  }

  @Test func aTypeListShorterOrLongerThanTheVocabularyDoesNotTrap() throws {
    var data = try TokenizerData(json: Data(#"{"model":"gpt2","tokens":["a","b","ab"],"merges":["a b"],"types":[1]}"#.utf8))
    #expect(try data.makeTokenizer().encode("ab") == [2])
    data.types = [1, 1, 1, 3, 3, 3]
    #expect(try data.makeTokenizer().encode("ab") == [2])
    data.model = "llama"
    data.unk = .max
    #expect(try data.makeTokenizer().decode([0, 1, 2, 99, -1]).isEmpty == false)
  }

  // MARK: - Transcripts

  static func savedTranscript() async throws -> (Transcript, Data) {
    let model = FakeModel.scripted([.toolCall("weather", arguments: ["city": "Turin"]), .reply("14 °C")])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.")
    _ = try await session.respond(to: "Weather?")
    return (session.transcript, try JSONEncoder().encode(session.transcript))
  }

  static let corruptions: [(name: String, edit: @Sendable (String) -> String)] = [
    ("version 2", { $0.replacingOccurrences(of: #""version":1"#, with: #""version":2"#) }),
    ("an unknown role", { $0.replacingOccurrences(of: #""role":"response""#, with: #""role":"oracle""#) }),
    ("an unknown segment", { $0.replacingOccurrences(of: #""type":"text""#, with: #""type":"image""#) }),
    ("arguments that are not JSON", { $0.replacingOccurrences(of: #"{\"city\":\"Turin\"}"#, with: #"{\"city\":"#) }),
    ("a number past Double", { $0.replacingOccurrences(of: #"\"city\":\"Turin\""#, with: #"\"city\":1e999"#) }),
    (
      "a schema that is only itself",
      {
        $0.replacingOccurrences(
          of: #""parameters":"#,
          with: ##""parameters":"{\"$ref\":\"#/$defs/A\",\"$defs\":{\"A\":{\"$ref\":\"#/$defs/A\"}}}","old":"##)
      }
    ),
    ("not JSON", { String($0.dropLast(3)) }),
    ("nesting", { _ in String(repeating: "[", count: 100_000) }),
  ]

  @Test func aCorruptTranscriptIsATypedErrorAndTheSessionKeepsItsOwn() async throws {
    let (transcript, data) = try await Self.savedTranscript()
    #expect(try JSONDecoder().decode(Transcript.self, from: data) == transcript)
    let session = LanguageModelSession(model: FakeModel.fixed("ok"), tools: [Weather()], transcript: transcript)
    let text = String(decoding: data, as: UTF8.self)
    for (name, edit) in Self.corruptions {
      let corrupt = Data(edit(text).utf8)
      #expect(corrupt != data, "\(name) changed nothing")
      do {
        let restored = try JSONDecoder().decode(Transcript.self, from: corrupt)
        Issue.record("\(name): decoded \(restored.entries.count) entries")
      } catch {
        #expect(error is DecodingError || error is SchemaError || error is GeneratedContentError, "\(name): \(error)")
      }
      #expect(session.transcript == transcript, "\(name)")
    }
    for length in stride(from: 0, to: data.count, by: 7) {
      #expect(throws: (any Error).self) { try JSONDecoder().decode(Transcript.self, from: data.prefix(length)) }
    }
  }
}
