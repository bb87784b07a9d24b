import Foundation
import Testing

@testable import MokaPot

/// The router learns from the tuning sets only: no set the manifest marks as held out is among
/// its training sets, so the held-out figures measure questions it never saw.
@Suite("Moka router training sets")
struct MokaRouterTrainingTests {
  /// The names of the sets `Fixtures/moka/sets/MANIFEST.md` marks as held out.
  static func heldOutSets() throws -> [String] {
    let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fixtures/moka/sets/MANIFEST.md")
    return try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").compactMap { row in
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count > 4, cells.contains("**held out**"), cells[0].hasPrefix("`") else { return nil }
      return cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    }
  }

  @Test func noHeldOutSetTrainsTheRouter() throws {
    let heldOut = try Self.heldOutSets()
    #expect(heldOut.count >= 9, "\(heldOut)")
    #expect(heldOut.contains("answers-real1") && heldOut.contains("routing-blind23"), "\(heldOut)")
    #expect(Set(heldOut).isDisjoint(with: MokaRouter.trainingSets), "\(heldOut)")
  }

  @Test func everyTrainingSetIsBundled() throws {
    #expect(MokaRouter.trainingSets.count == Set(MokaRouter.trainingSets).count)
    for name in MokaRouter.trainingSets {
      #expect(!MokaRouter.examples(jsonLines: MokaRouter.bytes(ofSets: [name])).isEmpty, "\(name)")
    }
  }
}
