import ScreenModels

extension ControlledShelf {
    /// A model on this loader (saving through `saver`) whose reload has answered `books`.
    func loadedModel(_ books: [ShelfBook], saver: (any ShelfSaving)? = nil) -> ShelfViewModel {
        let model = ShelfViewModel(loader: self, saver: saver)
        model.reload()
        complete(requests.count - 1, with: .success(books))
        return model
    }
}
