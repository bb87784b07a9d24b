import Foundation
import Testing

@testable import Ristretto

@Suite("Guidance automaton")
struct GuidanceTests {
  func state(_ node: GenerationSchema.Node) throws -> GuidanceState {
    try GuidanceGrammar(schema: GenerationSchema(root: node)).initialState
  }

  func accepts(_ node: GenerationSchema.Node, _ text: String) throws -> Bool {
    try state(node).advanced(by: text)?.isComplete == true
  }

  @Test func rangeAcceptsExactlyItsValues() throws {
    let node = GenerationSchema.Node.integer(minimum: 1, maximum: 5)
    for value in ["1", "2", "3", "4", "5"] { #expect(try accepts(node, value)) }
    for value in ["0", "6", "05", "1.0", "-1", "10", "", "+1", " 1"] { #expect(try !accepts(node, value), "\(value)") }
    #expect(try state(node).allowedBytes == ByteSet(Array("12345".utf8)))
  }

  @Test func widerRangesAndMinimumOnly() throws {
    let node = GenerationSchema.Node.integer(minimum: -10, maximum: 250)
    for value in ["-10", "-1", "0", "9", "99", "250", "200"] { #expect(try accepts(node, value), "\(value)") }
    for value in ["-11", "-0", "251", "300", "2500", "-100", "00"] { #expect(try !accepts(node, value), "\(value)") }
    let minimumOnly = GenerationSchema.Node.integer(minimum: 18)
    #expect(try accepts(minimumOnly, "18"))
    #expect(try accepts(minimumOnly, "123456"))
    #expect(try !accepts(minimumOnly, "17"))
    #expect(try state(minimumOnly).advanced(by: "1")?.isComplete == false)
  }

  @Test func boundedNumbers() throws {
    let node = GenerationSchema.Node.number(minimum: -0.5, maximum: 2.25)
    for value in ["0", "-0.5", "2.25", "1.125", "-0.25", "2"] { #expect(try accepts(node, value), "\(value)") }
    for value in ["2.26", "3", "-0.6", "-1", "1.", "1e2"] { #expect(try !accepts(node, value), "\(value)") }
  }

  @Test func enumsAcceptExactlyTheirCases() throws {
    let node = GenerationSchema.Node.stringEnum(["light", "medium", "dark", "medium-dark"])
    for value in ["light", "medium", "dark", "medium-dark"] { #expect(try accepts(node, "\"\(value)\"")) }
    for value in ["\"lite\"", "\"Dark\"", "\"medium-\"", "\"\"", "dark"] { #expect(try !accepts(node, value)) }
    #expect(try state(node).advanced(by: "\"m")?.forcedContinuation() == Array("edium".utf8))
  }

  @Test func objectsFollowSchemaOrderWithoutWhitespace() throws {
    let grammar = try GuidanceGrammar(schema: BeanQuery.generationSchema)
    let start = grammar.initialState
    #expect(start.advanced(by: #"{"roast":"dark","limit":3,"origins":["Kenya"]}"#)?.isComplete == true)
    #expect(start.advanced(by: #"{"roast":"dark","limit":3,"note":"cocoa","origins":["Kenya"]}"#)?.isComplete == true)
    #expect(start.advanced(by: #"{"roast":"dark","limit":3,"note":null,"origins":["Kenya"]}"#)?.isComplete == true)
    #expect(start.advanced(by: #"{"limit":3,"roast":"dark""#) == nil)
    #expect(start.advanced(by: #"{ "roast""#) == nil)
    #expect(start.advanced(by: #"{"roast":"dark","limit":6"#) == nil)
    #expect(start.advanced(by: #"{"roast":"dark","limit":3,"origins":[]"#) == nil)
    #expect(start.advanced(by: #"{"roast":"dark","limit":3,"origins":["a","b","c","#) == nil)
    #expect(start.advanced(by: #"{"roast":"dark","limit":3,"origins":["a"],"extra""#) == nil)
    #expect(start.forcedContinuation() == Array(#"{"roast":""#.utf8))
  }

  @Test func stringsHandleEscapesAndUTF8() throws {
    let node = GenerationSchema.Node.string()
    #expect(try accepts(node, #""tab\t quote\" unicode\u00e9 café ☕️""#))
    #expect(try !accepts(node, "\"raw\nnewline\""))
    #expect(try state(node).advanced(by: [0x22, 0xC3, 0x28]) == nil)
    #expect(try state(node).advanced(by: [0x22, 0xED, 0xA0]) == nil)
    #expect(try !accepts(node, #""\x""#))
  }

  @Test func patternsAreEnforced() throws {
    let node = GenerationSchema.Node.string(pattern: #"^[A-Z]{2}-\d{3}(x|yz)?$"#)
    #expect(try accepts(node, #""AB-123""#))
    #expect(try accepts(node, #""AB-123yz""#))
    #expect(try !accepts(node, #""AB-12""#))
    #expect(try !accepts(node, #""ab-123""#))
    #expect(try !accepts(node, #""AB-123y""#))
    let any = GenerationSchema.Node.string(pattern: "café.+")
    #expect(try accepts(any, #""café☕""#))
    #expect(throws: SchemaError.self) { try GuidanceGrammar(schema: GenerationSchema(root: .string(pattern: "a(?!b)"))) }
  }

  @Test func anyOfKeepsAlternativesAlive() throws {
    let node = GenerationSchema.Node.anyOf([.integer(minimum: 0, maximum: 9), .stringEnum(["none"]), .null])
    #expect(try accepts(node, "7"))
    #expect(try accepts(node, #""none""#))
    #expect(try accepts(node, "null"))
    #expect(try !accepts(node, "10"))
    let objects = GenerationSchema.Node.anyOf([
      .object(name: "A", properties: [.init(name: "kind", node: .stringEnum(["a"])), .init(name: "x", node: .integer())]),
      .object(name: "B", properties: [.init(name: "kind", node: .stringEnum(["b"])), .init(name: "y", node: .boolean)]),
    ])
    #expect(try accepts(objects, #"{"kind":"b","y":true}"#))
    #expect(try !accepts(objects, #"{"kind":"b","x":1}"#))
  }

  @Test func anyValueAcceptsJSON() throws {
    for json in [#"{"a":[1,{"b":null}],"c":"d"}"#, "[]", "-3.5", "true", #""x""#] {
      #expect(try accepts(.any, json), "\(json)")
    }
    #expect(try !accepts(.any, "{a:1}"))
  }

  @Test func arrayCounts() throws {
    let exact = GenerationSchema.Node.array(.boolean, minimumCount: 2, maximumCount: 2)
    #expect(try accepts(exact, "[true,false]"))
    #expect(try !accepts(exact, "[true]"))
    #expect(try !accepts(exact, "[true,false,true]"))
    let empty = GenerationSchema.Node.array(.integer(), maximumCount: 0)
    #expect(try accepts(empty, "[]"))
    #expect(try !accepts(empty, "[1]"))
  }
}
