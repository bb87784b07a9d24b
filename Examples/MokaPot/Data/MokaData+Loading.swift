import Foundation
import RistrettoFixtures

extension MokaData {
  /// Loads the bundled fixtures, or the files in `directory` (`beans.json`, `cupboard.json`, `cafes.json`).
  ///
  /// A file that is missing, unreadable or invalid does not stop the others: it is recorded in
  /// ``unavailable`` with the reason, and only the questions that need it are answered as unavailable.
  public static func load(from directory: URL? = nil, now: Date = Date()) -> MokaData {
    var files: [MokaSource: Data] = [:]
    var problems: [MokaSource: String] = [:]
    for source in MokaSource.allCases {
      do {
        files[source] =
          try directory.map { try Data(contentsOf: $0.appendingPathComponent(source.rawValue)) }
          ?? BundledFixtures.data(source.rawValue)
      } catch {
        let path = directory.map { $0.appendingPathComponent(source.rawValue).path } ?? source.rawValue
        problems[source] = "\(path) could not be read (missing or not readable)"
      }
    }
    return decoding(files, problems: problems, now: now)
  }
}
