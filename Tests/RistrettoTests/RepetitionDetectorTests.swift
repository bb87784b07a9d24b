import Ristretto
import Testing

@Suite("RepetitionDetector")
struct RepetitionDetectorTests {
  @Test func aLoopIsFoundWhenItsWindowRecursAndTrimmedBeforeTheRepeat() {
    var detector = RepetitionDetector(window: 4)
    let phrase = [10, 11, 12, 13, 14]
    var stoppedAt: Int?
    for (index, token) in (phrase + phrase + phrase).enumerated() where detector.append(token) {
      stoppedAt = index
      break
    }
    #expect(stoppedAt == 8)  // the fourth token of the second pass completes a known window
    #expect(detector.trimmedLength == 5)
  }

  @Test func ordinaryTextWithRepeatedShortRunsIsNotALoop() {
    var detector = RepetitionDetector(window: 6)
    // "- a\n- b\n- c\n": list markers repeat, but never six tokens in a row.
    let tokens = [1, 2, 3, 1, 4, 3, 1, 5, 3, 1, 6, 3, 1, 7, 3]
    #expect(!tokens.contains { detector.append($0) })
    #expect(detector.trimmedLength == nil)
  }
}
