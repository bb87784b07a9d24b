import Foundation
import Ristretto

/// `moka-bench guidance --anchors`: Ristretto's token masks beside llguidance's and XGrammar's,
/// in one run, on the same GGUF vocabulary, the same schemas (as JSON Schema) and the same token
/// sequences. `scripts/guidance_anchors.py` runs the other two engines (installing them from PyPI
/// into a cached virtual environment) and compares their allowed sets with the masks written
/// here, step by step.
enum GuidanceAnchors {
  /// Ristretto's side of one vocabulary: its timings on the sequences the engines also walk.
  struct Ours {
    var compileMillis: [Double] = []
    var cold: [Double] = []
    var warm: [Double] = []
    var sequences = 0
    var skipped = 0
    /// Each case's cold mask times, in suite order.
    var cases: [(name: String, cold: [Double])] = []
  }

  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/guidance_anchors.py")

  static func run(_ options: BenchOptions, suite: [(String, GenerationSchema)], texts: [[String]]) throws {
    let vocabularies = try GuidanceVocabulary.models(options)
    guard !vocabularies.isEmpty else {
      print("guidance --anchors needs a GGUF vocabulary: --model PATH, or $RISTRETTO_MODEL / $RISTRETTO_GEMMA_MODEL")
      print("(scripts/install-llama.sh --model all --print-env sets both)")
      exit(2)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ristretto-anchors-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let perSchema = options.quick ? 2 : 8
    var reports: [[String: Any]] = []
    for (number, vocabulary) in vocabularies.enumerated() {
      guard let path = vocabulary.path else { continue }
      let cases = folder.appendingPathComponent("cases-\(number).json")
      let masks = folder.appendingPathComponent("masks-\(number).bin")
      let result = folder.appendingPathComponent("result-\(number).json")
      let ours = try prepare(
        vocabulary, gguf: path, suite: suite, texts: texts.map { Array($0.prefix(perSchema)) }, cases: cases,
        masks: masks)
      try runScript(["--cases", cases.path, "--masks", masks.path, "--out", result.path])
      let theirs = try JSONSerialization.jsonObject(with: Data(contentsOf: result)) as? [String: Any] ?? [:]
      let report = AnchorReport(vocabulary: vocabulary.name, ours: ours, theirs: theirs)
      report.print()
      reports.append(report.json)
      if let directory = options.svgDirectory { try report.chart().write(to: "\(directory)/guidance-anchors-\(number).svg") }
    }
    try writeJSON(["suite": "guidance-anchors", "vocabularies": reports], to: options.jsonPath)
  }

  /// Writes the cases and Ristretto's masks for `vocabulary`, timing Ristretto on the same
  /// sequences: a fresh grammar and mask computer per sequence (cold), then a second pass on a
  /// long-lived computer (warm). Sequences Ristretto's own grammar does not accept whole are left
  /// out (their count is reported), so every engine walks the same steps.
  static func prepare(
    _ vocabulary: GuidanceVocabulary, gguf: String, suite: [(String, GenerationSchema)], texts: [[String]], cases: URL,
    masks: URL
  ) throws -> Ours {
    let trie = TokenTrie(tokens: vocabulary.tokens)
    let words = (trie.vocabularySize + 31) / 32
    var ours = Ours()
    var caseList: [[String: Any]] = []
    var bits = Data()
    let warmMasks = TokenMaskComputer(trie: trie, cacheLimit: 1 << 14)
    let grammars = GuidanceGrammarCache()
    // One mask, filled at every step, as the engines fill one buffer per pass.
    var mask = TokenMask(count: trie.vocabularySize)
    for (index, (name, schema)) in suite.enumerated() {
      var kept: [[Int]] = []
      var caseCold: [Double] = []
      for tokens in GuidanceBench.sequences(texts[index], vocabulary: vocabulary) {
        let start = ContinuousClock.now
        let grammar = try GuidanceGrammar(schema: schema)
        ours.compileMillis.append(elapsedMicros(since: start) / 1000)
        let computer = TokenMaskComputer(trie: trie)
        var state = grammar.initialState
        var steps = Data()
        var times: [Double] = []
        var accepted = true
        for position in 0...tokens.count {
          times.append(micros { computer.computeMask(for: state, into: &mask) })
          steps.append(bitset(mask, words: words))
          guard position < tokens.count else { break }
          guard mask.contains(tokens[position]), let next = state.advanced(by: vocabulary.tokens[tokens[position]]) else {
            accepted = false
            break
          }
          state = next
        }
        guard accepted else {
          ours.skipped += 1
          continue
        }
        kept.append(tokens)
        ours.cold += times
        caseCold += times
        bits.append(steps)
      }
      for pass in 0..<2 {
        for tokens in kept {
          var state = try grammars.grammar(for: schema).initialState
          for position in 0...tokens.count {
            let time = micros { _ = warmMasks.mask(for: state) }
            if pass == 1 { ours.warm.append(time) }
            guard position < tokens.count, let next = state.advanced(by: vocabulary.tokens[tokens[position]]) else { break }
            state = next
          }
        }
      }
      ours.sequences += kept.count
      ours.cases.append((name, caseCold))
      // The schema goes in as Ristretto writes it: a dictionary would lose the order of its
      // properties, which every engine follows.
      caseList.append(["name": name, "schema": placeholder(index), "sequences": kept])
    }
    let spec: [String: Any] = ["gguf": gguf, "vocabularyName": vocabulary.name, "cases": caseList]
    var text = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
    for (index, (_, schema)) in suite.enumerated() {
      text = text.replacingOccurrences(of: "\"\(placeholder(index))\"", with: schema.jsonSchemaString)
    }
    try Data(text.utf8).write(to: cases)
    try bits.write(to: masks)
    return ours
  }

  private static func placeholder(_ index: Int) -> String { "ristretto-schema-\(index)" }

  /// The mask as `words` little-endian 32-bit words, bit `t % 32` of word `t / 32` for token `t`.
  static func bitset(_ mask: TokenMask, words: Int) -> Data {
    var data = Data(capacity: words * 4)
    for word in mask.words {
      withUnsafeBytes(of: word.littleEndian) { data.append(contentsOf: $0) }
    }
    if data.count < words * 4 { data.append(Data(count: words * 4 - data.count)) }
    return data.prefix(words * 4)
  }

  private static func runScript(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path] + arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw AnchorFailure("\(script.lastPathComponent) exited with status \(process.terminationStatus)")
    }
  }

  private static func elapsedMicros(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
  }

  /// The anchor script failed.
  struct AnchorFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
