/// `atlas timeline --by year|month`: the period the first visits are grouped by.
enum TimelinePeriod: String, Choice {
    case year, month
}
