"""The card table every page draws with: cards, seats, the trick, the hand, the bidding box, the
deal's record, their templates, styles and script, and the card words they speak. It reads the
engine and nothing else of the site, so any app can draw a table and none draws its own."""
