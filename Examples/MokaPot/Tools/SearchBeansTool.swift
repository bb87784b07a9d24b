import Ristretto

/// Searches the reference bean corpus.
public struct SearchBeansTool: Tool {
  public let name = "searchBeans"
  public let description = "Search the reference bean corpus."
  let data: MokaData

  public struct Arguments: GenerableObject {
    public enum Roast: String, CaseIterable, Generable { case light, medium, dark }
    public enum Process: String, CaseIterable, Generable { case washed, natural, honey, anaerobic, wetHulled, semiWashed }
    public enum Preference: String, CaseIterable, Generable { case lowAcidity, highAcidity, fullBody, sweet }
    public var origin: String?
    public var roast: Roast?
    public var process: Process?
    public var note: String?
    public var prefer: Preference?
    public var limit: Int

    public static let properties = GenerableProperties<Arguments> {
      GenerableProperty("origin", \.origin, description: "country or region")
      GenerableProperty("roast", \.roast)
      GenerableProperty("process", \.process)
      GenerableProperty("note", \.note, description: "tasting note")
      GenerableProperty("prefer", \.prefer)
      GenerableProperty("limit", \.limit, .range(1...5))
    }

    public init(_ content: GeneratedContent) throws {
      origin = try content.value(forProperty: "origin")
      roast = try content.value(forProperty: "roast")
      process = try content.value(forProperty: "process")
      note = try content.value(forProperty: "note")
      prefer = try content.value(forProperty: "prefer")
      limit = try content.value(forProperty: "limit")
    }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable { case ok, noMatchesInIndex, indexUnavailable, indexStale }
    public var status: Status
    public var beans: [BeanCard]

    public static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("beans", \.beans)
    }

    init(status: Status, beans: [BeanCard] = []) { (self.status, self.beans) = (status, beans) }

    public init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      beans = try content.value(forProperty: "beans")
    }
  }

  public func call(arguments: Arguments) async throws -> Output {
    switch data.indexHealth {
    case .unavailable: return Output(status: .indexUnavailable)
    case .stale: return Output(status: .indexStale)
    case .ready: break
    }
    let processName: [Arguments.Process: String] = [.wetHulled: "wet-hulled", .semiWashed: "semi-washed"]
    var matches = data.beans.filter { bean in
      if let origin = arguments.origin?.lowercased(), !origin.isEmpty,
        !(bean.country.lowercased().contains(origin) || bean.region.lowercased().contains(origin)
          || bean.name.lowercased().contains(origin))
      {
        return false
      }
      if let roast = arguments.roast, bean.roast != roast.rawValue { return false }
      if let process = arguments.process, bean.process != (processName[process] ?? process.rawValue) { return false }
      if let note = arguments.note?.lowercased(), !note.isEmpty,
        !bean.notes.contains(where: { $0.contains(note) || note.contains($0) })
      {
        return false
      }
      return true
    }
    switch arguments.prefer {
    case .lowAcidity?: matches.sort { ($0.acidity, -$0.body) < ($1.acidity, -$1.body) }
    case .highAcidity?: matches.sort { $0.acidity > $1.acidity }
    case .fullBody?: matches.sort { $0.body > $1.body }
    case .sweet?: matches.sort { $0.sweetness > $1.sweetness }
    case nil: break
    }
    guard !matches.isEmpty else { return Output(status: .noMatchesInIndex) }
    return Output(status: .ok, beans: matches.prefix(arguments.limit).map(BeanCard.init))
  }
}
