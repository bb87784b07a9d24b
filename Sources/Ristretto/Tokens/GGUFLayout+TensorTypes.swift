extension GGUFLayout {
  /// The storage of the ggml tensor types, by type number, as the ggml that
  /// scripts/install-llama.sh builds reports them (`ggml_blck_size`, `ggml_type_size`); nil for
  /// a removed or unknown number. The llama backend asks the linked ggml instead, so a newer
  /// library's types are known there.
  public static func knownTensorType(_ type: UInt32) -> TensorType? {
    guard Int(type) < knownTypes.count, let (blockSize, blockBytes) = knownTypes[Int(type)] else { return nil }
    return TensorType(blockSize: blockSize, blockBytes: blockBytes)
  }

  private static let knownTypes: [(Int, Int)?] = [
    (1, 4), (1, 2), (32, 18), (32, 20), nil, nil, (32, 22), (32, 24), (32, 34), (32, 36),  // F32 … Q8_1
    (256, 84), (256, 110), (256, 144), (256, 176), (256, 210), (256, 292),  // Q2_K … Q8_K
    (256, 66), (256, 74), (256, 98), (256, 50), (32, 18), (256, 110), (256, 82), (256, 136),  // IQ2_XXS … IQ4_XS
    (1, 1), (1, 2), (1, 4), (1, 8), (1, 8), (256, 56), (1, 2),  // I8, I16, I32, I64, F64, IQ1_M, BF16
    nil, nil, nil, (256, 54), (256, 66), nil, nil, nil, (32, 17),  // TQ1_0, TQ2_0, MXFP4
    (64, 36), (128, 18), (64, 18),  // NVFP4, Q1_0, Q2_0
  ]
}
