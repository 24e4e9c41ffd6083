// A React panel, for the structural differential tests.
import React, { useEffect, useState } from "react";

type Props = { title: string; items: string[]; onPick?: (i: number) => void };

export function Panel({ title, items, onPick }: Props) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);

  useEffect(() => {
    console.log("panel", title, open);
    return () => console.log("closed", title);
  }, [title, open]);

  if (items.length === 0) {
    return <p className="empty">Nothing in {title}</p>;
  }

  return (
    <section className="panel">
      <h2 onClick={() => setOpen(!open)}>{title}</h2>
      {open && (
        <ul>
          {items.map((item, i) => (
            <li key={i} className={i === picked ? "picked" : undefined} onClick={() => { setPicked(i); onPick?.(i); }}>
              {item}
            </li>
          ))}
        </ul>
      )}
      <Footer count={items.length} />
    </section>
  );
}

const Footer = ({ count }: { count: number }) => <footer>{count} items</footer>;

export default Panel;
