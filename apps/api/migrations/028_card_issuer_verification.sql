-- 028: the issuer's own check on a card's first charge (issue 34 item 4). Binding a card (007) proves the borrower
-- holds the phone; the first charge must also pass the issuer's check (its OTP or 3-D Secure page), or a card
-- number typed by someone else could be charged at once on banks that charge without a code. NULL: never passed;
-- set when a charge that went through the issuer's step succeeded. Only then does a bank that charges at once
-- ('direct' in services/payment-methods.ts) charge this card without a code. Expand-only: one nullable column.
ALTER TABLE bank_cards ADD COLUMN issuer_verified_at timestamptz;
-- Cards already charged successfully before this release passed their issuer's check then.
UPDATE bank_cards c SET issuer_verified_at = p.first_paid
  FROM (SELECT card_id, min(paid_at) AS first_paid FROM payments WHERE method = 'card' AND state = 'paid' AND card_id IS NOT NULL
        GROUP BY card_id) p
 WHERE p.card_id = c.id;
