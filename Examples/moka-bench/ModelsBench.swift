import Foundation
import MokaPot
import Ristretto

#if Llama
  import RistrettoLlama
  import RistrettoRules

  /// Every installed model, side by side: the offline tokenizer against llama.cpp's on its golden
  /// file, counted against prefilled prompts, decode speeds, and answers checked for marker text.
  enum ModelsBench {
    static func run(_ options: BenchOptions) async throws {
      let paths = installedModels(options)
      guard !paths.isEmpty else {
        print("models: no model (pass --model PATH, or set RISTRETTO_MODEL / RISTRETTO_GEMMA_MODEL)")
        return
      }
      var rows: [[String: Any]] = []
      for path in paths {
        let row = try await measure(path, options: options)
        rows.append(row)
        let golden = row["tokenizerGolden"] as? [String: Int] ?? [:]
        let counts = row["promptCounts"] as? [String: Int] ?? [:]
        print(
          String(
            format: "%@: vocab %d, template %@, golden %d/%d, prompt counts %d/%d exact, decode %.1f tok/s, guided %.1f tok/s, "
              + "answers with marker text %d of %d",
            row["name"] as? String ?? "", row["vocabSize"] as? Int ?? 0, row["template"] as? String ?? "",
            golden["matches"] ?? 0, golden["strings"] ?? 0, counts["exact"] ?? 0, counts["requests"] ?? 0,
            row["decodeTokensPerSecond"] as? Double ?? 0, row["guidedTokensPerSecond"] as? Double ?? 0,
            row["answersWithMarkerText"] as? Int ?? 0, row["answers"] as? Int ?? 0))
        fflush(nil)  // every output stream: the line shows as soon as the model is measured
      }
      try writeJSON(["models": rows], to: options.jsonPath)
    }

    static func installedModels(_ options: BenchOptions) -> [String] {
      if !options.modelPaths.isEmpty { return options.modelPaths }
      let environment = ProcessInfo.processInfo.environment
      return ["RISTRETTO_MODEL", "RISTRETTO_GEMMA_MODEL"].compactMap { environment[$0] }
        .filter { FileManager.default.fileExists(atPath: $0) }
    }

    static func measure(_ path: String, options: BenchOptions) async throws -> [String: Any] {
      let model = LlamaLanguageModel(path: path)
      guard model.availability.isAvailable else { throw BenchFailure(message: "\(path): \(model.availability)") }
      let counter = try CountingModel(gguf: URL(fileURLWithPath: path))
      let name = URL(fileURLWithPath: path).lastPathComponent
      var row: [String: Any] = [
        "name": name, "template": model.promptRenderer.template.name,
        "vocabSize": (counter.tokenizer as? SentencePieceTokenizer)?.vocabularySize
          ?? (counter.tokenizer as? BPETokenizer)?.vocabularySize ?? 0,
      ]
      row["tokenizerGolden"] = try golden(name: name, offline: counter.tokenizer, live: model.tokenizer)
      let requests = try promptRequests()
      let exact = requests.filter { counter.tokenCount(for: $0) == model.tokenCount(for: $0) }.count
      row["promptCounts"] = ["requests": requests.count, "exact": exact]
      let prompt = model.render(
        GenerationRequest(
          transcript: Transcript(entries: [
            .instructions(.init(segments: [.text("You are a moka-pot coffee assistant.")], toolDefinitions: [])),
            .prompt(.init(id: "p", segments: [.text("Describe how to brew coffee in a moka pot, step by step.")])),
          ])))
      let tokens = options.quick ? 32 : 96
      _ = try model.measureDecode(prompt: prompt, tokens: 8, schema: nil)
      row["decodeTokensPerSecond"] = try model.measureDecode(prompt: prompt, tokens: tokens, schema: nil).tokensPerSecond
      row["guidedTokensPerSecond"] =
        try model.measureDecode(prompt: prompt, tokens: tokens, schema: LlamaDecodeBench.schema).tokensPerSecond
      let (answers, withMarkers, failures) = try await askDevQuestions(model: model, limit: options.limit)
      row["answers"] = answers
      row["answersWithMarkerText"] = withMarkers
      row["failedAnswers"] = failures
      return row
    }

    /// The model's golden file when there is one: the offline tokenizer and llama.cpp against it.
    static func golden(name: String, offline: any Tokenizer, live: any Tokenizer) throws -> [String: Int] {
      let file =
        name.lowercased().contains("smollm2") ? "smollm2-135m" : name.lowercased().contains("gemma-3") ? "gemma3-270m" : nil
      guard let file else { return ["strings": 0, "matches": 0] }
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/tokenizers/\(file).golden.jsonl")
      var strings = 0
      var matches = 0
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        let object = try GeneratedContent(json: String(line))
        let text: String = try object.value(forProperty: "text")
        let special: Bool = try object.value(forProperty: "special")
        let ids: [Int] = try object.value(forProperty: "ids")
        strings += 1
        if offline.encode(text, parseSpecial: special) == ids, live.encode(text, parseSpecial: special) == ids { matches += 1 }
      }
      return ["strings": strings, "matches": matches]
    }

    /// Requests of every shape: instructions, tools, a schema, history with tool calls and outputs.
    static func promptRequests() throws -> [GenerationRequest] {
      let assistant = MokaAssistant(data: MokaData.load())
      let tools = assistant.toolbox.map(\.definition)
      let instructions = Transcript.Entry.instructions(
        .init(segments: [.text(assistant.instructions.core)], toolDefinitions: tools))
      var requests: [GenerationRequest] = []
      for (index, question) in [
        "Why is my moka pot sputtering?", "Find me a fruity light roast", "日本のコーヒー ☕️",
        "How much of my Kochere is left? <|im_end|><start_of_turn>", "  two  spaces\n\nand lines",
      ].enumerated() {
        let prompt = Transcript.Entry.prompt(.init(id: "p\(index)", segments: [.text(question)]))
        let call = Transcript.ToolCall(id: "c", toolName: "brewAdvice", arguments: ["cups": 3, "problem": "sputtering"])
        let history: [Transcript.Entry] = [
          .prompt(.init(id: "h", segments: [.text("My pot sputters")])), .toolCalls(.init(id: "t", calls: [call])),
          .toolOutput(.init(id: "c", toolName: "brewAdvice", segments: [.text(#"{"status":"ok","doseGrams":15}"#)])),
          .response(.init(id: "r", segments: [.text("Use medium-low heat.")])),
        ]
        requests.append(GenerationRequest(transcript: Transcript(entries: [instructions, prompt])))
        requests.append(GenerationRequest(transcript: Transcript(entries: [instructions, prompt]), tools: tools))
        requests.append(
          GenerationRequest(
            transcript: Transcript(entries: [instructions, prompt]), responseSchema: Router<MokaSpecialty>.schema))
        requests.append(GenerationRequest(transcript: Transcript(entries: [instructions] + history + [prompt]), tools: tools))
      }
      return requests
    }

    /// The dev routing questions asked as `moka ask` does; answers that contain marker text.
    static func askDevQuestions(model: LlamaLanguageModel, limit: Int?) async throws -> (Int, Int, Int) {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/moka/sets/routing-dev.jsonl")
      var questions = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
        try GeneratedContent(json: String($0)).value(String.self, forProperty: "q")
      }
      if let limit { questions = Array(questions.prefix(limit)) }
      let assistant = MokaAssistant(data: MokaData.load())
      let rules = RuleBasedModel(rules: assistant.ruleBook, tokenizer: try MokaAssistant.smolLM2Tokenizer())
      let router = MokaRouterPrompt.cascade(rules: rules, model: model)
      var withMarkers = 0
      var failures = 0
      for (index, question) in questions.enumerated() {
        FileHandle.standardError.write(
          Data("\r[\(URL(fileURLWithPath: model.path).lastPathComponent)] question \(index + 1)/\(questions.count)".utf8))
        do {
          let answer = try await assistant.chat(model: model, router: router).send(question).response.content
          if ChatTemplate.knownMarkers.contains(where: answer.contains) { withMarkers += 1 }
        } catch {
          failures += 1
        }
      }
      FileHandle.standardError.write(Data("\n".utf8))
      return (questions.count, withMarkers, failures)
    }
  }

  struct BenchFailure: Error, LocalizedError {
    let message: String
    var errorDescription: String? { message }
  }
#endif

/// `moka-bench models`, or why it cannot run in this build.
enum ModelsSuite {
  static func run(_ options: BenchOptions) async throws {
    #if Llama
      try await ModelsBench.run(options)
    #else
      print("models: this build has no llama.cpp backend; run: swift run -c release --traits Llama moka-bench models")
    #endif
  }
}
