import Testing

@testable import MushRender

/// Content outside marked content wrapped as artifacts: whole graphics objects, never inside a
/// string, an inline image or a text object; content that cannot be read is refused.
@Suite("PDF artifacts")
struct PDFArtifactsTests {
    func marked(_ content: String) -> String? {
        PDFArtifacts.marked(Array(content.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func pathsTextAndImagesOutsideMarkedContent() {
        let content = """
            q 1 1 1 rg 0 0 10 10 re f
            /P << /MCID 0 >> BDC BT (a) Tj ET EMC
            0 0 5 5 re W n
            BT /f-0-0 1 Tf (Page \\(1\\) EMC) Tj ET
            /a0 Do Q
            """
        #expect(
            marked(content) == """
                q 1 1 1 rg /Artifact BMC
                0 0 10 10 re f
                EMC

                /P << /MCID 0 >> BDC BT (a) Tj ET EMC
                0 0 5 5 re W n
                /Artifact BMC
                BT /f-0-0 1 Tf (Page \\(1\\) EMC) Tj ET
                EMC

                /Artifact BMC
                /a0 Do
                EMC
                 Q
                """)
    }

    @Test func anInlineImageIsOneObject() {
        let content = "q BI /W 1 /H 1 /BPC 8 /CS /G ID \u{0}EI\u{1} EI Q"
        #expect(marked(content) == "q /Artifact BMC\nBI /W 1 /H 1 /BPC 8 /CS /G ID \u{0}EI\u{1} EI\nEMC\n Q")
    }

    @Test func contentThatCannotBeReadIsRefused() {
        #expect(marked("EMC") == nil)
        #expect(marked("/P BMC 0 0 1 1 re f") == nil)
        #expect(marked("BT (unclosed Tj ET") == nil)
        #expect(marked("BT /P << /MCID 0 >> BDC (a) Tj EMC ET") == nil)
        // Nothing unmarked: the content as it was.
        #expect(marked("/P << /MCID 0 >> BDC 0 0 1 1 re f EMC") == "/P << /MCID 0 >> BDC 0 0 1 1 re f EMC")
    }
}
