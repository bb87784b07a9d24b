import Foundation

/// A GGUF file's header, metadata and tensor table, checked the way llama.cpp will read them, so
/// a truncated or corrupt file (or one crafted with absurd counts) is refused with a typed error
/// before it reaches llama.cpp: the llama backend validates every file with this first.
///
/// Nothing is allocated in proportion to a count before the bytes that count claims are known to
/// be in the file, and tensor data is never read: only its extent is checked against the file's
/// size.
///
/// ```swift
/// let layout = try GGUFLayout(contentsOf: URL(fileURLWithPath: "SmolLM2-135M-Instruct.Q4_1.gguf"))
/// layout.tensors.count // 272
/// ```
public struct GGUFLayout: Sendable {
  /// One tensor's entry in the table.
  public struct Tensor: Sendable, Equatable {
    /// The tensor's name.
    public var name: String
    /// The size of each dimension, innermost first.
    public var dimensions: [Int]
    /// The ggml type number.
    public var type: UInt32
    /// Where its data starts, relative to the data section.
    public var offset: Int
    /// How many bytes its data takes.
    public var byteCount: Int
  }

  /// How one ggml tensor type stores its elements: in blocks of `blockSize` elements of
  /// `blockBytes` bytes each.
  public struct TensorType: Sendable, Equatable {
    /// Elements per block.
    public var blockSize: Int
    /// Bytes per block.
    public var blockBytes: Int

    /// Creates a tensor type.
    public init(blockSize: Int, blockBytes: Int) {
      self.blockSize = blockSize
      self.blockBytes = blockBytes
    }
  }

  /// The metadata.
  public let metadata: GGUFMetadata
  /// The tensor table, in file order.
  public let tensors: [Tensor]
  /// The alignment of tensor data (`general.alignment`, 32 by default).
  public let alignment: Int
  /// Where the data section starts in the file.
  public let dataOffset: Int

  /// Validates the file at `url` (memory-mapped; tensor data is not read).
  ///
  /// - Parameters:
  ///   - url: The GGUF file.
  ///   - tensorTypes: The storage of each ggml type number, nil for a type the reader
  ///     does not know. The default knows the types of ggml 0.9; the llama backend passes ggml's own.
  /// - Throws: ``GGUFError`` naming the first problem and its byte offset.
  public init(contentsOf url: URL, tensorTypes: (UInt32) -> TensorType? = GGUFLayout.knownTensorType) throws(GGUFError) {
    let data: Data
    do {
      data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
      throw .unreadable(path: url.path, reason: error.localizedDescription)
    }
    try self.init(data: data, tensorTypes: tensorTypes)
  }

  /// Validates the bytes of a whole GGUF file.
  public init(data: Data, tensorTypes: (UInt32) -> TensorType? = GGUFLayout.knownTensorType) throws(GGUFError) {
    var reader = GGUFReader(data: data)
    metadata = try GGUFMetadata(reader: &reader)
    let alignment = try Self.alignment(metadata)
    self.alignment = alignment
    // A tensor entry takes at least 8 (name) + 4 (dimensions) + 8 (one size) + 4 (type) + 8 (offset) bytes.
    guard metadata.tensorCount <= UInt64(reader.remaining / 32) else {
      throw .corrupt(offset: 16, reason: "\(metadata.tensorCount) tensors declared in a file of \(data.count) bytes")
    }
    var tensors: [Tensor] = []
    tensors.reserveCapacity(Int(metadata.tensorCount))
    var names = Set<String>()
    var expectedOffset = 0
    for _ in 0..<metadata.tensorCount {
      let tensor = try Self.tensor(&reader, tensorTypes: tensorTypes)
      guard names.insert(tensor.name).inserted else {
        throw .corrupt(offset: reader.offset, reason: "the tensor '\(tensor.name)' appears twice")
      }
      // llama.cpp expects each tensor right after the previous one, padded to the alignment.
      guard tensor.offset == expectedOffset else {
        throw .corrupt(
          offset: reader.offset, reason: "the tensor '\(tensor.name)' starts at \(tensor.offset), not \(expectedOffset)")
      }
      // No tensor holds more bytes than the file, so the running offset cannot overflow.
      guard tensor.byteCount <= data.count else { throw .truncated(offset: data.count) }
      expectedOffset += (tensor.byteCount + alignment - 1) / alignment * alignment
      tensors.append(tensor)
    }
    let headerEnd = reader.offset - data.startIndex
    dataOffset = (headerEnd + alignment - 1) / alignment * alignment
    // The data runs contiguously to the end of the last tensor (unpadded: a file may end there).
    if let last = tensors.last, data.count - dataOffset < last.offset + last.byteCount {
      throw .truncated(offset: data.count)
    }
    self.tensors = tensors
    try Self.checkVocabulary(metadata)
  }

  /// `general.alignment`: a power of two stored as a 32-bit unsigned integer, 32 when absent.
  private static func alignment(_ metadata: GGUFMetadata) throws(GGUFError) -> Int {
    guard let value = metadata.values["general.alignment"] else { return 32 }
    guard case .uint(let alignment) = value, metadata.types["general.alignment"] == 4, alignment > 0,
      alignment & (alignment - 1) == 0, alignment <= 1 << 16
    else {
      throw .corrupt(offset: 0, reason: "general.alignment must be a power of two stored as uint32")
    }
    return Int(alignment)
  }

  private static func tensor(_ reader: inout GGUFReader, tensorTypes: (UInt32) -> TensorType?) throws(GGUFError) -> Tensor {
    let start = reader.offset
    let name = try reader.string()
    // ggml keeps names in 64 bytes, with the terminating zero.
    guard name.utf8.count < 64 else { throw .corrupt(offset: start, reason: "a tensor name of \(name.utf8.count) bytes") }
    let dimensionCount = try reader.uint32()
    guard dimensionCount <= 4 else {
      throw .corrupt(offset: start, reason: "the tensor '\(name)' has \(dimensionCount) dimensions (at most 4)")
    }
    var dimensions: [Int] = []
    var elements = 1
    for _ in 0..<dimensionCount {
      let size = try reader.fixed(Int64.self)
      guard size >= 0 else { throw .corrupt(offset: start, reason: "the tensor '\(name)' has a dimension of \(size)") }
      let (product, overflow) = elements.multipliedReportingOverflow(by: Int(size))
      guard !overflow else { throw .corrupt(offset: start, reason: "the tensor '\(name)' has too many elements") }
      elements = product
      dimensions.append(Int(size))
    }
    let type = try reader.uint32()
    guard let storage = tensorTypes(type), storage.blockSize > 0, storage.blockBytes > 0 else {
      throw .corrupt(offset: start, reason: "the tensor '\(name)' has the unknown type \(type)")
    }
    guard (dimensions.first ?? 1) % storage.blockSize == 0 else {
      throw .corrupt(offset: start, reason: "the tensor '\(name)' has rows that are not whole blocks of \(storage.blockSize)")
    }
    let (byteCount, overflow) = (elements / storage.blockSize).multipliedReportingOverflow(by: storage.blockBytes)
    guard !overflow else { throw .corrupt(offset: start, reason: "the tensor '\(name)' is too large") }
    let offset = try reader.uint64()
    guard offset <= UInt64(Int.max) else { throw .corrupt(offset: start, reason: "the tensor '\(name)' has offset \(offset)") }
    return Tensor(name: name, dimensions: dimensions, type: type, offset: Int(offset), byteCount: byteCount)
  }
}
