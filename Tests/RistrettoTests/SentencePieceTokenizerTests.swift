import Foundation
import Testing

@testable import Ristretto

/// Gemma 3 270M's tokenizer, from the extract under Fixtures/ (no download needed).
enum Gemma3 {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fixtures/tokenizers").standardizedFileURL

  static let data: TokenizerData = {
    try! TokenizerData(json: Data(contentsOf: fixtures.appendingPathComponent("gemma3-270m.json")))
  }()

  static let tokenizer: SentencePieceTokenizer = try! SentencePieceTokenizer(data: data)

  struct Case: Decodable {
    let text: String
    let special: Bool
    let ids: [Int]
  }

  static func golden() throws -> [Case] {
    let text = try String(contentsOf: fixtures.appendingPathComponent("gemma3-270m.golden.jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map { try JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
  }

  /// The real model, from RISTRETTO_GEMMA_MODEL (scripts/install-llama.sh --model gemma3 prints it).
  static let modelPath = ProcessInfo.processInfo.environment["RISTRETTO_GEMMA_MODEL"]
  static let modelIsPresent = modelPath.map { FileManager.default.fileExists(atPath: $0) } ?? false
}

@Suite("SentencePiece tokenizer")
struct SentencePieceTokenizerTests {
  @Test func matchesLlamaCppOnTheGoldenFile() throws {
    let cases = try Gemma3.golden()
    #expect(cases.count >= 1000)
    #expect(cases.contains { $0.special } && cases.contains { !$0.special })
    var failures: [String] = []
    for item in cases {
      let ids = Gemma3.tokenizer.encode(item.text, parseSpecial: item.special)
      if ids != item.ids { failures.append("\(item.text.debugDescription.prefix(120)): \(ids) != \(item.ids)") }
    }
    #expect(
      failures.isEmpty,
      "\(cases.count - failures.count) of \(cases.count) match; first: \(failures.prefix(5).joined(separator: "\n"))")
  }

  @Test func decodeInvertsEncode() {
    let texts = [
      "Why is my moka pot sputtering?", "café ☕️ 1234 👨‍👩‍👧‍👦", "  two  spaces\n\nand lines\t\ttabs", "مرحبا 你好",
      "<b>bold</b> and </s>", "{\"tool\":\"searchBeans\",\"arguments\":{\"limit\":3}}", "\u{3000}\u{3000}",
    ]
    for text in texts {
      #expect(Gemma3.tokenizer.decode(Gemma3.tokenizer.encode(text)) == text)
    }
    let markup = "<start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\n"
    #expect(Gemma3.tokenizer.decode(Gemma3.tokenizer.encode(markup, parseSpecial: true)) == markup)
  }

  @Test func plainTextNeverYieldsControlTokens() {
    let tokenizer = Gemma3.tokenizer
    let text = "<start_of_turn>user\nHi<end_of_turn>\n"
    #expect(tokenizer.encode(text, parseSpecial: true) == [105, 2364, 107, 10979, 106, 107])
    let plain = tokenizer.encode(text)
    #expect(plain == tokenizer.encode(text, parseSpecial: false))
    #expect(!plain.contains(105) && !plain.contains(106))
    let control = Set(tokenizer.controlTokenTexts)
    for marker in ["<start_of_turn>", "<end_of_turn>", "<eos>", "<bos>", "<unused0>", "</s>", "<mask>"] {
      #expect(control.contains(marker))
      let ids = tokenizer.encode("say \(marker) now")
      #expect(ids.allSatisfy { !control.contains(String(decoding: tokenizer.bytes(of: $0), as: UTF8.self)) }, "\(marker)")
      #expect(tokenizer.encode(marker, parseSpecial: true).count == 1)
    }
  }

  @Test func userDefinedTokensAreMatchedEitherWay() {
    let tokenizer = Gemma3.tokenizer
    for special in [false, true] {
      #expect(tokenizer.encode("a  b", parseSpecial: special) == [236746, 138, 236763])
      #expect(tokenizer.encode("\n\n", parseSpecial: special) == [108])
      #expect(tokenizer.encode("<b>", parseSpecial: special) == [200])
    }
    // </s> is user-defined in the file, but llama.cpp makes it a control (end-of-generation) token.
    #expect(tokenizer.encode("</s>") == [954, 236751, 236813])
    #expect(tokenizer.encode("</s>", parseSpecial: true) == [212])
    #expect(tokenizer.specialTokenTexts.contains("\n") && !tokenizer.controlTokenTexts.contains("\n"))
  }

  @Test func vocabularyAndMetadata() {
    let tokenizer = Gemma3.tokenizer
    #expect(tokenizer.vocabularySize == 262_144)
    #expect(tokenizer.bytes(of: 238 + 0x41) == [0x41])  // <0x41>
    #expect(tokenizer.bytes(of: 506) == Array(" the".utf8))  // ▁the
    #expect(tokenizer.bytes(of: 105) == Array("<start_of_turn>".utf8))
    #expect(tokenizer.bytes(of: -1).isEmpty && tokenizer.bytes(of: 1 << 20).isEmpty)
    #expect(tokenizer.vocabularyBytes.count == 262_144)
    #expect(Gemma3.data.eog == [1, 106, 212])
    #expect(Gemma3.data.addSpacePrefix == false && Gemma3.data.bos == 2 && Gemma3.data.eos == 1)
  }

  @Test func makeTokenizerChoosesByModel() throws {
    let smol = try TokenizerData(json: Data(contentsOf: Gemma3.fixtures.appendingPathComponent("smollm2-135m.json")))
    #expect(try smol.makeTokenizer() is BPETokenizer)
    #expect(try Gemma3.data.makeTokenizer() is SentencePieceTokenizer)
    let bert = try TokenizerData(json: Data(#"{"model":"bert","tokens":["[CLS]"],"merges":[]}"#.utf8))
    #expect(throws: GGUFError.self) { try bert.makeTokenizer() }
    #expect(throws: GGUFError.self) { try SentencePieceTokenizer(data: smol) }
  }

  /// A tiny SentencePiece vocabulary as GGUF metadata: scores as floats, no add_space_prefix
  /// key (so llama.cpp's default, true, applies).
  @Test func readsSentencePieceFromGGUFMetadata() throws {
    let tokens = ["<unk>", "<s>", "</s>", "▁", "a", "b", "▁a", "▁ab", "ab"] + (0..<256).map { String(format: "<0x%02X>", $0) }
    let scores: [Float] = [0, 0, 0, -1, -2, -3, -4, -5, -6] + Array(repeating: 0, count: 256)
    let types = [2, 3, 3, 1, 1, 1, 1, 1, 1] + Array(repeating: 6, count: 256)
    let metadata = try GGUFMetadata(data: Self.gguf(tokens: tokens, scores: scores, types: types))
    #expect(metadata.floats("tokenizer.ggml.scores")?.prefix(3) == [0, 0, 0])
    let tokenizer = try TokenizerData.tokenizer(gguf: metadata)
    #expect(tokenizer is SentencePieceTokenizer)
    #expect(tokenizer.encode("ab") == [7])  // ▁ab: the space prefix
    #expect(tokenizer.encode("ab c") == [7, 3, 9 + 0x63])  // c has no piece: its byte, <0x63>
    #expect(tokenizer.encode("</s>", parseSpecial: true) == [2])
    #expect(tokenizer.decode([7]) == "ab")
  }

  @Test func readsMetadataFromASliceOfData() throws {
    let padded = Data([0xFF, 0xFF]) + Self.gguf(tokens: ["a", "b"], scores: [0, -1.5], types: [1, 1])
    let metadata = try GGUFMetadata(data: padded[2...])
    #expect(metadata.strings("tokenizer.ggml.tokens") == ["a", "b"])
    #expect(metadata.floats("tokenizer.ggml.scores") == [0, -1.5])
    #expect(metadata.integers("tokenizer.ggml.token_type") == [1, 1])
    #expect(throws: GGUFError.self) { try GGUFMetadata(data: padded[2..<(padded.count - 1)]) }
  }

  @Test(.enabled(if: Gemma3.modelIsPresent, "RISTRETTO_GEMMA_MODEL is not set; run scripts/install-llama.sh --model gemma3"))
  func theModelFileGivesTheFixture() throws {
    let metadata = try GGUFMetadata(contentsOf: URL(fileURLWithPath: Gemma3.modelPath!))
    let data = try TokenizerData(gguf: metadata)
    #expect(data.tokens == Gemma3.data.tokens && data.scores == Gemma3.data.scores && data.types == Gemma3.data.types)
    #expect(data.eog == Gemma3.data.eog && data.addSpacePrefix == Gemma3.data.addSpacePrefix)
    let tokenizer = try data.makeTokenizer()
    for text in ["Hello world", "<start_of_turn>user\nHi<end_of_turn>\n", "  x\t\ty"] {
      #expect(tokenizer.encode(text, parseSpecial: true) == Gemma3.tokenizer.encode(text, parseSpecial: true))
    }
  }

  /// GGUF v3 bytes holding a `llama` tokenizer.
  static func gguf(tokens: [String], scores: [Float], types: [Int]) -> Data {
    var data = Data("GGUF".utf8)
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    func string(_ s: String) {
      u64(UInt64(s.utf8.count))
      data.append(contentsOf: Array(s.utf8))
    }
    u32(3)
    u64(0)
    u64(4)
    string("tokenizer.ggml.model")
    u32(8)
    string("llama")
    string("tokenizer.ggml.tokens")
    u32(9)
    u32(8)
    u64(UInt64(tokens.count))
    tokens.forEach(string)
    string("tokenizer.ggml.scores")
    u32(9)
    u32(6)
    u64(UInt64(scores.count))
    scores.forEach { u32($0.bitPattern) }
    string("tokenizer.ggml.token_type")
    u32(9)
    u32(5)
    u64(UInt64(types.count))
    types.forEach { u32(UInt32($0)) }
    return data
  }
}
