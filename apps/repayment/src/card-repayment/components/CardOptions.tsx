import type { BankCard } from '../api/repayment-way.ts';
import { CardIcon } from './icons.tsx';

/** The masked number with round dots: '**** **** **** 2222' → '•••• •••• •••• 2222'. */
function displayCardNo(cardNo: string): string {
  return cardNo.replace(/\*/g, '•');
}

/**
 * The borrower's cards as a radio group (fieldset + legend). Each option is one label of ≥ 56 px: the radio,
 * a card picture (decorative), the bank name and the masked card number.
 */
export function CardOptions({
  cards,
  value,
  onChange,
  disabled,
}: {
  cards: BankCard[];
  value: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
}) {
  return (
    <ul className="rl-cards">
      {cards.map((card) => {
        const checked = card.id === value;
        return (
          <li key={card.id}>
            <label className={['rl-card-option', checked && 'is-checked'].filter(Boolean).join(' ')} data-testid={`card-${card.id}`}>
              <input
                type="radio"
                name="rl-card"
                className="rl-card-option__input"
                value={String(card.id)}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(card.id)}
              />
              <span className="rl-card-option__dot" aria-hidden="true" />
              <span className="rl-card-option__badge" aria-hidden="true">
                <CardIcon />
              </span>
              <span className="rl-card-option__text">
                <span className="rl-card-option__bank">{card.bankName}</span>{' '}
                <span className="rl-card-option__no">{displayCardNo(card.cardNo)}</span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
