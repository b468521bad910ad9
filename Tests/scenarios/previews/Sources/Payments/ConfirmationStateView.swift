import SwiftUI
import UIKit

/// A UIKit view with several states, previewed through a `UIViewRepresentable` wrapper.
final class ConfirmationStateView: UIView {
    enum Input {
        case loading
        case confirmed(amount: Int)
        case failed(message: String)
    }

    init(input: Input) {
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}

#if DEBUG
struct ConfirmationStateViewWrapper: UIViewRepresentable {
    let input: ConfirmationStateView.Input

    func makeUIView(context: Context) -> ConfirmationStateView { ConfirmationStateView(input: input) }
    func updateUIView(_ uiView: ConfirmationStateView, context: Context) {}
}

struct ConfirmationStateViewPreview: PreviewProvider {
    static var previews: some View {
        Group {
            ConfirmationStateViewWrapper(input: .loading)
            ConfirmationStateViewWrapper(input: .confirmed(amount: 1200))
                .previewDisplayName("Confirmed")
            ConfirmationStateViewWrapper(
                input: .failed(message: "The card was declined")
            )
        }
    }
}
#endif
