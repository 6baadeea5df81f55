// libFuzzer entry point for the location history readers: any bytes must give a summary, nil
// (not a history) or a HistoryError — never a crash, a hang, a leak or an out-of-bounds access.
//
// Each input is read three times: whole with the default chunk, in chunks of 1–64 bytes (the
// first byte chooses), so that every token meets a buffer boundary somewhere, and by format
// detection alone. The counts must agree between the first two: the chunk size is no part of
// the answer.
import LocationHistory

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = try? HistoryReader.read(bytes: bytes) { _ in }
    let chunk = 1 + Int(bytes.first ?? 0) % 64
    let chunked = try? HistoryReader.read(bytes: bytes, chunkSize: chunk) { _ in }
    if whole != chunked { fatalError("chunks of \(chunk) bytes read \(String(describing: chunked)), whole \(String(describing: whole))") }
    _ = HistoryReader.format(of: bytes)
    return 0
}
