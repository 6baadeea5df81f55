// libFuzzer entry point for the metadata reader: any bytes, any format, must give a result
// or a MetadataError — never a crash, a hang, a leak or an out-of-bounds access.
import PhotoMetadata

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? MetadataReader().read(bytes: bytes)
    return 0
}
