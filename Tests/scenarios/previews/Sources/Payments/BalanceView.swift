import SwiftUI

struct BalanceView: View {
    let amount: Int
    var isHidden = false

    var body: some View {
        Text(isHidden ? "•••" : "¥\(amount)")
    }
}

#Preview("Balance") {
    BalanceView(amount: 12000)
}

#Preview("Hidden balance", traits: .sizeThatFitsLayout) {
    BalanceView(amount: 12000, isHidden: true)
}

#Preview {
    let amount = 300
    BalanceView(amount: amount)
}

private enum SampleBalance {
    static let amount = 5
}

#Preview("Sample") {
    BalanceView(amount: SampleBalance.amount)
}

#Preview("Live") {
    BalanceView(amount: 0)
        .task { }
}
