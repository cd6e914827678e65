"""What renders Kural's pages, one module a page or a piece that pages share (records -> engine verdicts -> HTML)."""
