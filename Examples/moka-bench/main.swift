import Foundation
import MokaPot

guard let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
  FileHandle.standardError.write(Data((BenchOptions.usage + "\n").utf8))
  exit(2)
}
#if DEBUG
  print("note: a debug build; run with 'swift run -c release moka-bench …' for figures worth quoting")
#endif
do {
  switch options.suite {
  case "guidance": try GuidanceBench.run(options)
  case "routing": try await RoutingBench.run(options)
  case "answers": try await AnswersBench.run(options)
  case "learned": try LearnedBench.run(options)
  case "budget": try BudgetBench.run(options)
  case "inputs": try await InputSizeBench.run(options)
  case "data": try writeJSON(["suite": "data", "rows": try await DataSizeBench.run(options)], to: options.jsonPath)
  case "decode": try await DecodeBench.run(options)
  case "models": try await ModelsSuite.run(options)
  case "all": try await AllSuites.run(options)
  case "explain": try RoutingBench.explain(options.set)
  case "tokens":
    let tokenizer = try MokaAssistant.smolLM2Tokenizer()
    for text in options.set.components(separatedBy: "\n") {
      let ids = tokenizer.encode(text)
      print("\(ids.count)\t\(ids.map { tokenizer.decode([$0]) }.joined(separator: "·"))")
    }
  default:
    FileHandle.standardError.write(Data("unknown suite '\(options.suite)'\n\n\(BenchOptions.usage)\n".utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("moka-bench: \(error.localizedDescription)\n".utf8))
  exit(1)
}
