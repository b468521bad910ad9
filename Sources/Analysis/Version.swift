public enum MocklsVersion {
    public static let string = "0.1.0"
}
