/**
 * Messages that both the server (statusInfo) and the console show, in three languages.
 * `{name}` placeholders are filled by `formatMessage`.
 */
import type { Lang } from './protocol';

type Catalog = Record<string, Record<Lang, string>>;

/** The message catalogue shared by server answers and console validation. */
export const MESSAGES = {
  ok: { en: 'Success', zh: '成功', ja: '成功' },
  tokenInvalid: { en: 'Login expired, please log in again', zh: '登录已过期，请重新登录', ja: 'ログインの有効期限が切れました。再度ログインしてください' },
  noPermission: { en: 'Insufficient permissions to operate!', zh: '权限不足，无法操作！', ja: '操作する権限がありません！' },
  unknownEvent: { en: 'Unknown event "{event}"', zh: '未知事件"{event}"', ja: '不明なイベント「{event}」' },
  malformedBody: { en: 'Malformed request: {detail}', zh: '请求格式错误：{detail}', ja: 'リクエストの形式が正しくありません：{detail}' },
  badProtocolVersion: { en: 'Unsupported protocol version {version}', zh: '不支持的协议版本 {version}', ja: 'サポートされていないプロトコルバージョン {version}' },
  validationFailed: { en: 'Validation failed: {detail}', zh: '校验失败：{detail}', ja: '検証に失敗しました：{detail}' },
  required: { en: '{field} is required', zh: '{field}不能为空', ja: '{field}は必須です' },
  tooLong: { en: '{field} must be at most {limit} characters', zh: '{field}最多{limit}个字符', ja: '{field}は{limit}文字以内にしてください' },
  tooShort: { en: '{field} must be at least {limit} characters', zh: '{field}至少{limit}个字符', ja: '{field}は{limit}文字以上にしてください' },
  notAllowedValue: { en: '{field} has a value that is not allowed', zh: '{field}的值不允许', ja: '{field}の値は許可されていません' },
  unknownField: { en: 'Unknown field {field}', zh: '未知字段{field}', ja: '不明な項目{field}' },
  wrongType: { en: '{field} has the wrong type', zh: '{field}类型错误', ja: '{field}の型が正しくありません' },
  outOfRange: { en: '{field} is out of range', zh: '{field}超出范围', ja: '{field}が範囲外です' },
  duplicate: { en: '{field} "{value}" already exists', zh: '{field}"{value}"已存在', ja: '{field}「{value}」は既に存在します' },
  notFound: { en: 'Record not found', zh: '记录不存在', ja: 'レコードが見つかりません' },
  serverError: { en: 'Server error, please try again later', zh: '服务器错误，请稍后重试', ja: 'サーバーエラーです。しばらくしてから再試行してください' },
  rateLimited: { en: 'Too many attempts, try again in {seconds} s', zh: '尝试次数过多，请{seconds}秒后再试', ja: '試行回数が多すぎます。{seconds}秒後に再試行してください' },
  accountLocked: { en: 'Too many failed logins for this account, try again in {seconds} s', zh: '该账号登录失败次数过多，请{seconds}秒后再试', ja: 'このアカウントのログイン失敗が多すぎます。{seconds}秒後に再試行してください' },
  usernameEmpty: { en: 'Please enter the username', zh: '请输入用户名', ja: 'ユーザー名を入力してください' },
  passwordEmpty: { en: 'Please enter the password', zh: '请输入密码', ja: 'パスワードを入力してください' },
  codeEmpty: { en: 'Please enter the verification code', zh: '请输入验证码', ja: '認証コードを入力してください' },
  codeWrong: { en: 'Verification code error', zh: '验证码错误', ja: '認証コードが正しくありません' },
  loginFailed: { en: 'Wrong username or password', zh: '用户名或密码错误', ja: 'ユーザー名またはパスワードが正しくありません' },
  userDisabled: { en: 'This account is disabled', zh: '该账号已被禁用', ja: 'このアカウントは無効です' },
  wrongOldPassword: { en: 'The old password is wrong', zh: '旧密码错误', ja: '旧パスワードが正しくありません' },
  companyLayerRule: { en: 'Only a super admin whose company layer is below the maximum layer can create companies', zh: '只有公司层级低于最大层级的超级管理员才能创建公司', ja: '会社を作成できるのは、階層が最大階層未満のスーパー管理者のみです' },
  companyMaxLayer: { en: 'The company hierarchy cannot be deeper than {limit} layers', zh: '公司层级不能超过{limit}层', ja: '会社の階層は{limit}層を超えられません' },
  companyHasChildren: { en: 'Delete or move the subsidiaries first', zh: '请先删除或移动子公司', ja: '先に子会社を削除または移動してください' },
  companyHasUsers: { en: 'The company still has users or robots', zh: '该公司仍有用户或机器人', ja: 'この会社にはまだユーザーまたはロボットがいます' },
  passwordsDiffer: { en: 'The two passwords do not match', zh: '两次输入的密码不一致', ja: '2つのパスワードが一致しません' },
  robotNotFound: { en: 'Robot not found', zh: '机器人不存在', ja: 'ロボットが見つかりません' },
  robotOffline: { en: 'Robot not online', zh: '机器人不在线', ja: 'ロボットがオフラインです' },
  fileTooLarge: { en: 'The file is too large (at most {limit})', zh: '文件过大（最大{limit}）', ja: 'ファイルが大きすぎます（最大{limit}）' },
  wrongFileFormat: { en: 'Wrong file format: {allowed} expected', zh: '文件格式错误：应为{allowed}', ja: 'ファイル形式が正しくありません：{allowed}が必要です' },
  tooManyFiles: { en: 'At most {limit} files at once', zh: '一次最多上传{limit}个文件', ja: '一度にアップロードできるのは{limit}個までです' },
  noFile: { en: 'No file was sent', zh: '未收到文件', ja: 'ファイルが送信されていません' },
  unknownUploadKind: { en: 'Unknown upload kind {kind}', zh: '未知的上传类型{kind}', ja: '不明なアップロード種別{kind}' },
  // Administration screens (issue 3).
  companyNotFound: { en: 'Company not found', zh: '公司不存在', ja: '会社が見つかりません' },
  robotIdNotFound: { en: 'Robot {robotId} not found', zh: '机器人{robotId}不存在', ja: 'ロボット{robotId}が見つかりません' },
  dateFormat: { en: '{field}: enter a date as YYYY-MM-DD', zh: '{field}：日期格式应为 YYYY-MM-DD', ja: '{field}：日付は YYYY-MM-DD の形式で入力してください' },
  dateTimeFormat: {
    en: '{field}: enter a date and time such as 2025-12-31 08:00:00',
    zh: '{field}：请输入日期和时间，例如 2025-12-31 08:00:00',
    ja: '{field}：日時は 2025-12-31 08:00:00 のように入力してください',
  },
  expiryInPast: { en: 'The expiry date must not be in the past', zh: '到期日期不能早于今天', ja: '有効期限に過去の日付は指定できません' },
  emailGroupNeedsAddress: { en: 'At least one e-mail address must remain in the group', zh: '邮件组中至少要保留一个邮箱地址', ja: 'グループには少なくとも1つのメールアドレスを残してください' },
  emailGroupNotFound: { en: 'E-mail group not found', zh: '邮件组不存在', ja: 'メールグループが見つかりません' },
  adTaskEndBeforeStart: { en: 'The end time must be after the start time', zh: '结束时间必须晚于开始时间', ja: '終了日時は開始日時より後にしてください' },
  adTaskNeedsRobot: { en: 'Choose at least one robot', zh: '请至少选择一个机器人', ja: 'ロボットを1台以上選択してください' },
  dictKeyExists: { en: 'Key "{key}" already exists in module "{module}"', zh: '模块"{module}"中已存在键"{key}"', ja: 'モジュール「{module}」にキー「{key}」は既に存在します' },
  versionExists: { en: 'Version "{version}" of project "{project}" already exists', zh: '项目"{project}"的版本"{version}"已存在', ja: 'プロジェクト「{project}」のバージョン「{version}」は既に存在します' },
  batteryInUse: {
    en: 'This battery model is still bound to {count} robot(s); unbind them first',
    zh: '该电池型号仍绑定了{count}台机器人，请先解除绑定',
    ja: 'このバッテリー型式はまだ{count}台のロボットに紐付いています。先に解除してください',
  },
  refusedEmergencyStop: { en: 'Navigation task blocked: check the position and release the emergency stop', zh: '导航任务受阻：请检查位置并释放急停', ja: 'ナビゲーションできません：位置を確認し、非常停止を解除してください' },
  refusedCharging: { en: 'The robot is charging: stop charging first', zh: '机器人正在充电，请先停止充电', ja: 'ロボットは充電中です。先に充電を停止してください' },
  refusedNavigation: { en: 'The robot is navigating: stop the task first', zh: '机器人正在导航，请先停止任务', ja: 'ロボットはナビゲーション中です。先にタスクを停止してください' },
  refusedNoCharger: { en: 'No charger set for this robot', zh: '未设置充电桩', ja: 'このロボットには充電器が設定されていません' },
  refusedState: { en: 'The command cannot be issued in this state', zh: '当前状态下无法下发该指令', ja: 'この状態ではコマンドを送信できません' },
  refusedUnsupported: { en: 'This robot does not support the command', zh: '该机器人不支持此指令', ja: 'このロボットはこのコマンドに対応していません' },
  robotNoAnswer: { en: 'No answer from the robot, check the device or network', zh: '机器人无应答，请检查设备或网络', ja: 'ロボットから応答がありません。機器またはネットワークを確認してください' },
  builtInRole: { en: 'The built-in roles cannot be changed or deleted', zh: '内置角色不能修改或删除', ja: '組み込みロールは変更・削除できません' },
  roleHasUsers: { en: 'The role still has users: link them to another role first', zh: '该角色下仍有用户，请先将其关联到其他角色', ja: 'このロールにはまだユーザーがいます。先に別のロールに紐付けてください' },
  unknownPermission: { en: 'Unknown or not grantable permission {permission}', zh: '未知或无权授予的权限{permission}', ja: '不明または付与できない権限 {permission}' },
  companyDisabled: { en: 'The company of this account is disabled', zh: '该账号所属公司已被禁用', ja: 'このアカウントの会社は無効です' },
  parentDisabled: { en: 'Restore the parent company first', zh: '请先恢复上级公司', ja: '先に親会社を復元してください' },
  importRowFailed: { en: 'Row {row}: {detail}. Nothing was imported.', zh: '第{row}行：{detail}。未导入任何数据。', ja: '{row}行目：{detail}。何もインポートされていません。' },
  importUnknownColumn: { en: 'File format error: unknown column "{column}"', zh: '文件格式错误：未知的列"{column}"', ja: 'ファイル形式エラー：不明な列「{column}」' },
  importEmpty: { en: 'File format error: the sheet has no data rows', zh: '文件格式错误：表格中没有数据行', ja: 'ファイル形式エラー：シートにデータ行がありません' },
  importTooMany: { en: 'At most {limit} rows can be imported at once', zh: '一次最多导入{limit}行', ja: '一度にインポートできるのは{limit}行までです' },
  importUnreadable: { en: 'File format error: the file is not a readable Excel workbook', zh: '文件格式错误：无法读取该Excel文件', ja: 'ファイル形式エラー：Excelブックとして読み取れません' },
  cameraParamInvalid: { en: 'Camera parameter {name}: value {value} is not allowed', zh: '摄像头参数{name}：不允许的值{value}', ja: 'カメラパラメータ {name}：値 {value} は使用できません' },
  cameraParamOne: { en: 'Set exactly one camera parameter at a time', zh: '每次只能设置一个摄像头参数', ja: 'カメラパラメータは一度に1つだけ設定してください' },
  // Settings screens (robotSetting): a property with x-differs-from must not equal its sibling.
  mustDiffer: { en: '{other} and {field} must differ', zh: '{other}与{field}不能相同', ja: '{other}と{field}は異なる値にしてください' },
  definitionOriginal: { en: 'The original definition needs a central control', zh: '原画需要中控', ja: 'オリジナル画質には中央制御が必要です' },
  // Live operations (issue 4): telecontrol blocking rules, presets, media.
  refusedEmergencyStopPressed: { en: 'The emergency stop is pressed: release it first', zh: '急停已按下，请先释放急停', ja: '非常停止が押されています。先に解除してください' },
  interactOffline: { en: 'The dialogue (interactive) subsystem is not online', zh: '对话（交互）子系统不在线', ja: '対話（インタラクション）サブシステムがオフラインです' },
  presetDigits: { en: 'Preset: digits only', zh: '预置位只能输入数字', ja: 'プリセットは数字のみ入力できます' },
  presetRange: { en: 'Preset: a number from 1 to {limit}', zh: '预置位应为1到{limit}之间的数字', ja: 'プリセットは1〜{limit}の数字です' },
  presetReserved: { en: 'Presets 2, 45 and 49 are reserved', zh: '预置位2、45、49为保留位', ja: 'プリセット2、45、49は予約済みです' },
  presetMissing: { en: 'This preset has not been set on the camera', zh: '该预置位尚未设置', ja: 'このプリセットはまだ設定されていません' },
  mediaNotFound: { en: 'Media entry not found', zh: '媒体文件不存在', ja: 'メディアが見つかりません' },
  // Form designer (issue 6): saving a design into an entity schema.
  formDesignInvalid: { en: 'The design cannot be saved: {detail}', zh: '无法保存该设计：{detail}', ja: 'このデザインは保存できません：{detail}' },
  formDesignBuiltIn: { en: '"{id}" is defined by the project\'s schemas and cannot be replaced; save the design under a new entity name', zh: '"{id}"由项目内置模式定义，不能替换；请以新的实体名称保存该设计', ja: '「{id}」はプロジェクトのスキーマで定義されているため置き換えられません。新しいエンティティ名で保存してください' },
  formDesignClash: { en: 'The design cannot be saved: {what} "{name}" is already used by {owner}', zh: '无法保存该设计：{what}"{name}"已被{owner}使用', ja: 'このデザインは保存できません：{what}「{name}」は {owner} で使用されています' },
  formDesignTypeChange: { en: 'The design cannot be saved: the data type of field {field} cannot change from {from} to {to} once saved; add a new field instead', zh: '无法保存该设计：字段{field}保存后不能把数据类型从{from}改为{to}，请新增字段', ja: 'このデザインは保存できません：項目 {field} のデータ型は保存後に {from} から {to} へ変更できません。新しい項目を追加してください' },
  unmatchedPattern: { en: '{field} Unmatched pattern', zh: '{field}格式不匹配', ja: '{field}がパターンに一致しません' },
  // Named formats (spec §5).
  'format.username': { en: 'Username: 5-16 letters and digits', zh: '用户名格式错误：5-16位字母或数字', ja: 'ユーザー名は英数字5〜16文字です' },
  'format.password': { en: 'Password: 6-16 letters and digits, with at least one letter and one digit', zh: '密码格式错误：6-16位字母和数字，须同时包含字母和数字', ja: 'パスワードは英字と数字を両方含む英数字6〜16文字です' },
  'format.face-password': { en: 'Password: 6-18 letters and digits', zh: '密码格式错误：6-18位字母或数字', ja: 'パスワードは英数字6〜18文字です' },
  'format.serial-number': { en: 'Serial number: 10 letters and digits, the first two numeric', zh: '序列号格式错误：10位字母或数字，前两位为数字', ja: 'シリアル番号は英数字10文字で、先頭2文字は数字です' },
  'format.phone': { en: 'Mobile phone number entered incorrectly', zh: '手机号码输入有误', ja: '電話番号の入力が正しくありません' },
  'format.email': { en: 'Invalid e-mail address', zh: '邮箱格式错误', ja: 'メールアドレスの形式が正しくありません' },
  'format.basic-text': { en: 'Illegal characters: only letters, digits and Chinese characters are allowed', zh: '含有非法字符：只允许字母、数字和汉字', ja: '使用できない文字があります：英数字と漢字のみ使用できます' },
  'format.general-text': { en: 'Illegal characters in the text', zh: '文本含有非法字符', ja: 'テキストに使用できない文字があります' },
  'format.company-domain': { en: 'Invalid domain name (for example robots.example.com)', zh: '域名格式错误（例如 robots.example.com）', ja: 'ドメイン名の形式が正しくありません（例: robots.example.com）' },
  'format.positive-number': { en: 'Enter zero or a positive number without trailing zeros', zh: '请输入0或正数（末尾不能有多余的0）', ja: '0または正の数を入力してください（末尾の0は不可）' },
  'format.upload-url': { en: 'Upload the file here: only files uploaded to this console are accepted', zh: '请在此上传文件：只接受上传到本系统的文件', ja: 'ここでファイルをアップロードしてください：このコンソールにアップロードしたファイルのみ使用できます' },
  'format.integer': { en: 'Digits only', zh: '只能输入数字', ja: '数字のみ入力できます' },
  'format.clock-time': { en: 'Enter a time as HH:mm:ss (for example 07:30:00)', zh: '时间格式应为 HH:mm:ss（例如 07:30:00）', ja: '時刻は HH:mm:ss の形式で入力してください（例: 07:30:00）' },
  'format.hex': { en: 'Invalid hexadecimal value', zh: '十六进制格式错误', ja: '16進数の形式が正しくありません' },
  'format.url': { en: 'Invalid URL (for example https://example.com)', zh: '网址格式错误（例如 https://example.com）', ja: 'URL の形式が正しくありません（例: https://example.com）' },
  // Maps (issue 5): map management, processing, sync (spec §8 map errors) and the map editor rules (spec §5).
  mapFilesRequired: { en: 'Both the pgm and the yaml file are required', zh: 'pgm文件和yaml文件都必须上传', ja: 'pgm ファイルと yaml ファイルの両方が必要です' },
  mapPgmInvalid: { en: 'The pgm file is not valid: {detail}', zh: 'pgm文件无效：{detail}', ja: 'pgm ファイルが正しくありません：{detail}' },
  mapYamlInvalid: { en: 'The yaml file is not valid: {detail}', zh: 'yaml文件无效：{detail}', ja: 'yaml ファイルが正しくありません：{detail}' },
  mapTooManyPixels: { en: 'The map is too large: {width} × {height} pixels (at most {limit} pixels)', zh: '地图过大：{width} × {height} 像素（最多{limit}像素）', ja: '地図が大きすぎます：{width} × {height} ピクセル（最大 {limit} ピクセル）' },
  mapNotFound: { en: 'Map not found', zh: '地图不存在', ja: '地図が見つかりません' },
  mapNotReady: { en: 'The map is still being processed', zh: '地图仍在处理中', ja: '地図はまだ処理中です' },
  mapNameExists: { en: 'The name "{name}" already exists', zh: '名称"{name}"已存在', ja: '名前「{name}」は既に存在します' },
  mapSliceFailed: { en: 'Slice failed, check the file size', zh: '切片失败，请检查文件大小', ja: 'スライスに失敗しました。ファイルサイズを確認してください' },
  mapUnzipFailed: { en: 'Unzip failed', zh: '解压失败', ja: '解凍に失敗しました' },
  mapFtpFailed: { en: 'FTP upload failed', zh: 'FTP上传失败', ja: 'FTP アップロードに失敗しました' },
  mapDbFailed: { en: 'Database insert failed, please try again later', zh: '数据库插入失败，请稍后再试', ja: 'データベースへの登録に失敗しました。しばらくしてから再試行してください' },
  mapBindFailed: { en: 'Robot map binding failed', zh: '机器人地图绑定失败', ja: 'ロボットへの地図の紐付けに失敗しました' },
  mapRebootNeeded: { en: 'The robot needs a reboot to use the map', zh: '机器人需要重启才能使用该地图', ja: '地図を使うにはロボットの再起動が必要です' },
  mapHostNotFound: { en: 'Host not found', zh: '找不到主机', ja: 'ホストが見つかりません' },
  mapDownloadError: { en: 'Robot download error', zh: '机器人下载出错', ja: 'ロボットのダウンロードエラー' },
  mapSyncTimeout: { en: 'Time-out: the robot did not answer', zh: '超时：机器人未应答', ja: 'タイムアウト：ロボットが応答しません' },
  mapLocalFileNotFound: { en: 'Local file not found', zh: '本地文件不存在', ja: 'ローカルファイルが見つかりません' },
  mapDataRequestFailed: { en: 'Map data request failed', zh: '地图数据请求失败', ja: '地図データの取得に失敗しました' },
  mapNoRobots: { en: 'Choose at least one robot', zh: '请至少选择一个机器人', ja: 'ロボットを1台以上選択してください' },
  buildingNotFound: { en: 'Building not found', zh: '楼宇不存在', ja: '建物が見つかりません' },
  buildingHasMaps: { en: 'The building still has maps; delete them first', zh: '该楼宇仍有地图，请先删除地图', ja: 'この建物にはまだ地図があります。先に削除してください' },
  mapFloorRange: { en: 'Floor must be between 1 and {limit}', zh: '楼层应在1到{limit}之间', ja: '階は1〜{limit}の範囲で指定してください' },
  mapRouteTooShort: { en: 'A route needs at least 2 points', zh: '路线至少需要2个点', ja: 'ルートには2点以上が必要です' },
  mapPolygonTooFew: { en: 'A polygon needs more than 2 points', zh: '多边形至少需要3个点', ja: '多角形には3点以上が必要です' },
  mapPolygonSelfCross: { en: 'The edges of "{name}" cross each other', zh: '"{name}"的边相互交叉', ja: '「{name}」の辺が交差しています' },
  mapZonesCross: { en: 'Forbidden zones and polygons must not cross: "{a}" crosses "{b}"', zh: '禁区和多边形不能交叉："{a}"与"{b}"交叉', ja: '禁止区域と多角形は交差できません：「{a}」と「{b}」が交差しています' },
  mapUnchanged: { en: 'Nothing has changed: the drawing cannot be submitted', zh: '绘制内容未改变，不能提交', ja: '変更がないため送信できません' },
  mapCopySameSource: { en: 'The copy source and target cannot be the same', zh: '复制的源和目标不能相同', ja: 'コピー元とコピー先を同じにすることはできません' },
  mapElementInvalid: { en: 'Map element "{name}" is not valid: {detail}', zh: '地图元素"{name}"无效：{detail}', ja: '地図要素「{name}」が正しくありません：{detail}' },
  poiNameRequired: { en: 'The point needs a name', zh: '请输入点位名称', ja: 'ポイント名を入力してください' },
  poiTooManyActions: { en: 'At most {limit} actions per point', zh: '每个点位最多{limit}个动作', ja: '1ポイントあたりの動作は{limit}個までです' },
  poiActionOnce: { en: 'The {action} action can be used once per point', zh: '每个点位只能使用一次{action}动作', ja: '{action}動作は1ポイントにつき1回のみです' },
  poiMediaRequired: { en: 'Choose a media file', zh: '请选择媒体文件', ja: 'メディアファイルを選択してください' },
  poiCaptureCount: { en: 'The capture count must be at least 1', zh: '抓拍次数至少为1', ja: '撮影回数は1以上にしてください' },
  poiNumberList: { en: '{field}: numbers separated by commas, without a leading or trailing comma', zh: '{field}：以逗号分隔的数字，首尾不能有逗号', ja: '{field}：カンマ区切りの数字で、先頭と末尾にカンマは使えません' },
  poiTooManyPictures: { en: 'At most {limit} pictures per point', zh: '每个点位最多{limit}张图片', ja: '1ポイントあたりの画像は{limit}枚までです' },
  poiPictureTooLarge: { en: 'A picture must be at most 512 KB', zh: '图片不能超过512KB', ja: '画像は512KB以下にしてください' },
  poiPictureType: { en: 'Pictures must be png, jpg or jpeg', zh: '图片只能是png、jpg或jpeg格式', ja: '画像は png、jpg、jpeg のみです' },
  poiOneWelcome: { en: 'A robot can have only one welcome point', zh: '每台机器人只能有一个迎宾点', ja: '1台のロボットに設定できる歓迎ポイントは1つだけです' },
  poiExplainTooMany: { en: 'An explanation task can have at most {limit} points', zh: '讲解任务最多{limit}个点位', ja: '説明タスクのポイントは{limit}個までです' },
  poiExplainTooFew: { en: 'An explanation task needs at least {limit} points', zh: '讲解任务至少需要{limit}个点位', ja: '説明タスクには{limit}個以上のポイントが必要です' },
  poiTaskTooMany: { en: 'At most {limit} points per task setting', zh: '每个任务设置最多{limit}个点位', ja: '1つのタスク設定のポイントは{limit}個までです' },
  mapChargePileDisablesOthers: { en: 'Enabling this charging pile disables {names}. Continue?', zh: '启用该充电桩将停用{names}，是否继续？', ja: 'この充電ステーションを有効にすると {names} が無効になります。続けますか？' },
  navBlocked: { en: 'Navigation task blocked: check the robot position and release the emergency stop', zh: '导航任务受阻：请检查机器人位置并松开急停', ja: 'ナビゲーションタスクを実行できません：ロボットの位置を確認し、非常停止を解除してください' },
  navRouteMissing: { en: 'The route "{name}" is not on the task\'s map', zh: '任务的地图上没有路线"{name}"', ja: 'タスクの地図にルート「{name}」がありません' },
  mapCalibrationRequired: { en: 'The calibration file is required when calibration is used', zh: '使用标定时必须上传标定文件', ja: 'キャリブレーションを使う場合はキャリブレーションファイルが必要です' },
} satisfies Catalog;

/** A key of the shared message catalogue. */
export type MessageKey = keyof typeof MESSAGES;

/** Fills `{name}` placeholders of a catalogue message in the given language. */
export function formatMessage(key: MessageKey, lang: Lang, vars: Record<string, string | number> = {}): string {
  const template = (MESSAGES as Catalog)[key]?.[lang] ?? (MESSAGES as Catalog)[key]?.en ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/** Picks a supported language from an Accept-Language header or a language tag. */
export function pickLang(input: string | undefined | null, fallback: Lang = 'en'): Lang {
  if (!input) return fallback;
  for (const part of input.split(',')) {
    const tag = part.trim().toLowerCase().slice(0, 2);
    if (tag === 'zh' || tag === 'ja' || tag === 'en') return tag;
  }
  return fallback;
}
