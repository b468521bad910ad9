/// The app's code; the tests below are what mockls reads.
public enum Zoo {
    public static let name = "Zoo"
}
