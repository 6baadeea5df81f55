extension Array {
    /// The first index whose element satisfies `belongs`, for a predicate false then true along
    /// the array (a sorted array's first element at or after a bound), found by halving.
    ///
    /// ```swift
    /// [1, 3, 5, 7].partitioningIndex { $0 >= 4 }   // 2
    /// ```
    package func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
