import { useTranslation } from 'react-i18next';

/**
 * The hero picture: an enterprise and a group of mathematicians on either bank, a bridge between
 * them, a demand travelling across and a solution travelling back. Pure SVG, no image request.
 */
export function BridgeDiagram() {
  const { t } = useTranslation();
  return (
    <svg className="mb-bridge" viewBox="0 0 520 380" role="img" aria-label={t('start.diagram.label')}>
      <defs>
        <linearGradient id="mb-bridge-arch" x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor="#7fb2ff" />
          <stop offset="1" stopColor="#7fe0d6" />
        </linearGradient>
        <linearGradient id="mb-bridge-card" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="rgba(255,255,255,0.16)" />
          <stop offset="1" stopColor="rgba(255,255,255,0.06)" />
        </linearGradient>
      </defs>

      {/* faint formula backdrop */}
      <g fill="rgba(255,255,255,0.14)" fontFamily="Georgia, 'Times New Roman', serif" fontStyle="italic">
        <text x="196" y="56" fontSize="34">
          ∑
        </text>
        <text x="300" y="66" fontSize="28">
          ∫ f(x) dx
        </text>
        <text x="70" y="104" fontSize="24">
          ∂u/∂t
        </text>
        <text x="440" y="140" fontSize="26">
          λ
        </text>
        <text x="150" y="128" fontSize="22">
          min ‖Ax − b‖
        </text>
      </g>

      {/* the bridge */}
      <path
        d="M140 266 C 200 150, 320 150, 380 266"
        fill="none"
        stroke="url(#mb-bridge-arch)"
        strokeWidth="10"
        strokeLinecap="round"
      />
      <path d="M128 270 H392" stroke="rgba(255,255,255,0.85)" strokeWidth="10" strokeLinecap="round" />
      <g stroke="rgba(156,192,255,0.8)" strokeWidth="5" strokeLinecap="round">
        <path d="M180 266 V222" />
        <path d="M220 266 V194" />
        <path d="M260 266 V182" />
        <path d="M300 266 V194" />
        <path d="M340 266 V222" />
      </g>
      <path
        d="M20 304 C 120 292, 200 316, 280 304 S 440 294, 500 306"
        fill="none"
        stroke="rgba(127,224,214,0.35)"
        strokeWidth="3"
      />
      <path
        d="M50 326 C 140 316, 220 338, 300 326 S 430 318, 470 328"
        fill="none"
        stroke="rgba(127,224,214,0.2)"
        strokeWidth="3"
      />

      {/* demand going over, solution coming back */}
      <g>
        <rect x="170" y="226" width="80" height="30" rx="15" fill="#ffb547" />
        <text x="210" y="246" textAnchor="middle" fontSize="14" fontWeight="600" fill="#3a2600">
          {t('start.diagram.demand')}
        </text>
        <path d="M256 241 l12 0 m-5 -6 l6 6 l-6 6" stroke="#ffb547" strokeWidth="3" fill="none" strokeLinecap="round" />
      </g>
      <g>
        <rect x="276" y="130" width="80" height="30" rx="15" fill="#7fe0d6" />
        <text x="316" y="150" textAnchor="middle" fontSize="14" fontWeight="600" fill="#053b36">
          {t('start.diagram.solution')}
        </text>
        <path d="M270 145 l-12 0 m5 -6 l-6 6 l6 6" stroke="#7fe0d6" strokeWidth="3" fill="none" strokeLinecap="round" />
      </g>

      {/* enterprise bank */}
      <g transform="translate(0 190)">
        <rect width="128" height="88" rx="14" fill="url(#mb-bridge-card)" stroke="rgba(255,255,255,0.3)" />
        <g transform="translate(46 14)" fill="#fff">
          <rect x="0" y="10" width="10" height="24" rx="2" />
          <rect x="13" y="0" width="10" height="34" rx="2" />
          <rect x="26" y="16" width="10" height="18" rx="2" opacity="0.7" />
        </g>
        <text x="64" y="72" textAnchor="middle" fontSize="13" fontWeight="600" fill="#fff">
          {t('start.diagram.enterprise')}
        </text>
      </g>

      {/* mathematicians bank */}
      <g transform="translate(392 190)">
        <rect width="128" height="88" rx="14" fill="url(#mb-bridge-card)" stroke="rgba(255,255,255,0.3)" />
        <g transform="translate(47 14)" fill="#fff">
          <circle cx="9" cy="7" r="7" />
          <path d="M0 34c0-10 4-15 9-15s9 5 9 15z" />
          <circle cx="27" cy="9" r="6" opacity="0.75" />
          <path d="M19 34c0-9 3-13 8-13s8 4 8 13z" opacity="0.75" />
        </g>
        <text x="64" y="72" textAnchor="middle" fontSize="13" fontWeight="600" fill="#fff">
          {t('start.diagram.experts')}
        </text>
      </g>
    </svg>
  );
}
