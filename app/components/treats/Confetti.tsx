import { useEffect, useRef } from "react";
import { CONFETTI_FRAMES } from "../../treats/types";

const TOKENS = ["--color-accent", "--color-brand", "--color-clay", "--color-link", "--color-brand-soft"];

/** Confetti over the claimed modal: exactly CONFETTI_FRAMES animation frames, then the canvas clears. */
export function Confetti() {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const styles = getComputedStyle(document.documentElement);
    const colours = TOKENS.map((token) => styles.getPropertyValue(token).trim()).filter(Boolean);
    canvas.width = canvas.offsetWidth;
    canvas.height = canvas.offsetHeight;
    const pieces = Array.from({ length: 120 }, () => ({
      x: Math.random() * canvas.width,
      y: -Math.random() * canvas.height * 0.5,
      size: 5 + Math.random() * 6,
      speed: 2 + Math.random() * 4,
      drift: (Math.random() - 0.5) * 2,
      spin: Math.random() * Math.PI,
      colour: colours[Math.floor(Math.random() * colours.length)] ?? "currentColor",
    }));
    let frame = 0;
    let handle = 0;
    const draw = () => {
      frame += 1;
      context.clearRect(0, 0, canvas.width, canvas.height);
      if (frame > CONFETTI_FRAMES) {
        canvas.dataset.done = "true";
        return;
      }
      for (const piece of pieces) {
        piece.y += piece.speed;
        piece.x += piece.drift;
        piece.spin += 0.1;
        context.save();
        context.translate(piece.x, piece.y);
        context.rotate(piece.spin);
        context.fillStyle = piece.colour;
        context.fillRect(-piece.size / 2, -piece.size / 4, piece.size, piece.size / 2);
        context.restore();
      }
      canvas.dataset.frame = String(frame);
      handle = requestAnimationFrame(draw);
    };
    handle = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(handle);
  }, []);
  return <canvas ref={ref} className="confetti" aria-hidden="true" />;
}
